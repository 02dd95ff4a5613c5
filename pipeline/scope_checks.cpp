#include "pipeline/scope_checks.hpp"

#include <atomic>
#include <condition_variable>
#include <exception>
#include <functional>
#include <iterator>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <variant>

#include "audit/rake/outlier.hpp"
#include "audit/session_checks.hpp"
#include "audit/summary_checks.hpp"
#include "audit/table_moves.hpp"

namespace hh::pipeline {

db::ScopeCheck audit_checks(const HouseRulesBook& house) {
  return [&house](const db::CheckScope& scope, db::ScopeInput& input,
                  const db::ScopeFindingSink& found) {
    const HandCursor hands = [&input](const std::function<void(SessionHand)>& each) {
      input.hands(each);
    };
    if (const auto* table = std::get_if<db::SessionKey>(&scope)) {
      check_table(house.for_site(table->site), hands, found);
    } else if (std::holds_alternative<db::TournamentKey>(scope)) {
      if (const std::optional<StoredTournament> t = input.tournament())
        for (Finding& f : check_stored_tournament(*t)) found({0, 0, std::move(f)});
      for (SessionFinding& f : check_table_moves_over(hands)) found(std::move(f));
    } else {
      for (HandFinding& f : check_rake_outliers(input.raked_hands()))
        found({f.hand_id, 0, std::move(f.finding)});
    }
  };
}

namespace {

// The findings the reading threads find, handed to the writing thread scope by scope in the
// order of the scopes, so that the store is the same for any number of readers. A scope's
// findings wait here until the writer comes to the scope, at most kHeld of them a scope (a scope
// may have more findings than memory should hold): its reader waits meanwhile.
class OrderedFindings {
 public:
  static constexpr std::size_t kHeld = 4096;

  explicit OrderedFindings(std::size_t scopes) : scopes_(scopes) {}

  // Reading threads: the next scope to check, or none when all are taken or the work stopped.
  std::optional<std::size_t> take() {
    const std::size_t i = next_.fetch_add(1);
    if (i >= scopes_.size() || stopped()) return std::nullopt;
    return i;
  }

  // Reading threads: findings of scope `i`, in the order found. False: the work stopped.
  bool put(std::size_t i, std::vector<db::ScopeFinding>& found) {
    std::unique_lock lock(mu_);
    changed_.wait(lock, [&] { return stop_ || scopes_[i].found.size() < kHeld; });
    if (stop_) return false;
    auto& held = scopes_[i].found;
    held.insert(held.end(), std::make_move_iterator(found.begin()),
                std::make_move_iterator(found.end()));
    found.clear();
    changed_.notify_all();
    return true;
  }

  // Reading threads: scope `i` is checked.
  void done(std::size_t i) {
    std::lock_guard lock(mu_);
    scopes_[i].done = true;
    changed_.notify_all();
  }

  // Reading threads: a scope could not be checked; the work stops and the writer rethrows it.
  void fail(std::exception_ptr error) {
    std::lock_guard lock(mu_);
    if (!error_) error_ = error;
    stop_ = true;
    changed_.notify_all();
  }

  // The writing thread: the findings of scope `i` held so far, into `out` (emptied first). False
  // once the scope is checked and all its findings were taken. Rethrows a reader's failure.
  bool take_found(std::size_t i, std::vector<db::ScopeFinding>& out) {
    out.clear();
    std::unique_lock lock(mu_);
    changed_.wait(lock, [&] { return error_ || !scopes_[i].found.empty() || scopes_[i].done; });
    if (error_) std::rethrow_exception(error_);
    if (scopes_[i].found.empty()) {
      // Done with the scope: the buffer the swaps below left it goes (the scopes ahead of the
      // writer would each keep one otherwise, memory growing with the run's scopes).
      std::vector<db::ScopeFinding>().swap(scopes_[i].found);
      return false;
    }
    out.swap(scopes_[i].found);
    changed_.notify_all();
    return true;
  }

  // Stops the readers (the writer failed, or is done).
  void stop() {
    std::lock_guard lock(mu_);
    stop_ = true;
    changed_.notify_all();
  }

 private:
  bool stopped() {
    std::lock_guard lock(mu_);
    return stop_;
  }

  struct Scope {
    std::vector<db::ScopeFinding> found;
    bool done{false};
  };
  std::mutex mu_;
  std::condition_variable changed_;
  std::vector<Scope> scopes_;
  std::atomic<std::size_t> next_{0};
  bool stop_{false};
  std::exception_ptr error_;
};

// One reading thread: checks the scopes it takes with `reader`, handing on their findings.
void read_scopes(db::ScopeReader& reader, const std::vector<db::CheckScope>& scopes,
                 const db::ScopeCheck& check, OrderedFindings& queue) {
  struct Stopped {};  // the writer stopped the readers: a reader leaves its scope unfinished
  try {
    std::vector<db::ScopeFinding> found_here;
    while (const std::optional<std::size_t> i = queue.take()) {
      const auto hand_on = [&] {
        if (!queue.put(*i, found_here)) throw Stopped{};
      };
      reader.read(scopes[*i], [&](db::ScopeInput& input) {
        check(scopes[*i], input, [&](db::ScopeFinding f) {
          found_here.push_back(std::move(f));
          if (found_here.size() >= 256) hand_on();  // a few at a time: one lock for many
        });
      });
      hand_on();
      queue.done(*i);
    }
  } catch (const Stopped&) {
  } catch (...) {
    queue.fail(std::current_exception());
  }
}

// Each scope of `scopes` checked by whichever of `store` and `more` (other writers of its
// database: checkers_beside) takes it first, each on a thread of its own (the caller's for
// `store`); `stored` gets each finding once committed, one at a time. The first failure stops
// the others taking scopes and goes on once they are done. The transactions retried by `more`.
long check_scopes_at_once(db::Store& store, std::vector<std::unique_ptr<db::Store>>& more,
                          const std::vector<db::CheckScope>& scopes, const db::ScopeCheck& check,
                          const db::ScopeFindingSink& stored) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex mu;  // of `stored` and `failure`
  std::exception_ptr failure;
  const db::ScopeFindingSink one_at_a_time = [&](db::ScopeFinding f) {
    const std::lock_guard<std::mutex> lock(mu);
    stored(std::move(f));
  };
  const auto check_scopes = [&](db::Store& writer) {
    try {
      for (std::size_t i; !failed.load() && (i = next.fetch_add(1)) < scopes.size();)
        writer.replace_owed_findings(scopes[i], check, one_at_a_time);
    } catch (...) {
      const std::lock_guard<std::mutex> lock(mu);
      if (!failure) failure = std::current_exception();
      failed = true;
    }
  };
  {
    std::vector<std::jthread> threads;  // joined however this block is left
    for (const std::unique_ptr<db::Store>& writer : more)
      threads.emplace_back([&check_scopes, w = writer.get()] { check_scopes(*w); });
    check_scopes(store);
  }
  if (failure) std::rethrow_exception(failure);
  long retries = 0;
  for (const std::unique_ptr<db::Store>& writer : more) retries += writer->transaction_retries();
  return retries;
}

}  // namespace

long replace_scope_findings(db::Store& store, const std::vector<db::CheckScope>& scopes,
                            const db::ScopeCheck& check, const db::ScopeFindingSink& stored,
                            unsigned readers) {
  std::vector<std::unique_ptr<db::ScopeReader>> beside;
  const auto at_most = [&](std::size_t n) {
    return static_cast<unsigned>(std::min<std::size_t>(readers, n));
  };
  if (scopes.size() >= 2) beside = store.readers_beside(at_most(scopes.size()));
  if (beside.empty()) {
    std::vector<std::unique_ptr<db::Store>> more;
    if (scopes.size() >= 2) more = store.checkers_beside(at_most(scopes.size() - 1));
    if (!more.empty()) return check_scopes_at_once(store, more, scopes, check, stored);
    for (const db::CheckScope& scope : scopes) store.replace_owed_findings(scope, check, stored);
    return 0;
  }
  OrderedFindings queue(scopes.size());
  std::vector<std::thread> threads;
  // Stops and joins the readers however this thread leaves (a failed write included).
  struct Joiner {
    OrderedFindings& queue;
    std::vector<std::thread>& threads;
    ~Joiner() {
      queue.stop();
      for (std::thread& t : threads) t.join();
    }
  } joiner{queue, threads};
  for (const std::unique_ptr<db::ScopeReader>& reader : beside)
    threads.emplace_back([&, r = reader.get()] { read_scopes(*r, scopes, check, queue); });
  // The writer's check of each scope is what its reader found, in order.
  std::vector<db::ScopeFinding> batch;
  for (std::size_t i = 0; i < scopes.size(); ++i) {
    store.replace_findings(
        scopes[i],
        [&](const db::CheckScope&, db::ScopeInput&, const db::ScopeFindingSink& write) {
          while (queue.take_found(i, batch))
            for (db::ScopeFinding& f : batch) write(std::move(f));
        },
        stored);
  }
  return 0;
}

}  // namespace hh::pipeline

// The checks between hands (docs/sessions.md, docs/rake.md) as a run drives them: which scopes,
// in which order, on how many reading threads, and which of audit/'s checks reads each scope's
// stored input. A store only replaces one scope's findings by what a check finds
// (db::Store::replace_findings) and reads a scope's input; the rest is here.
#pragma once

#include <vector>

#include "audit/house_rules.hpp"
#include "db/store.hpp"

namespace hh::pipeline {

// audit/'s checks of a scope's stored input: a table's, check_table by its site's house rules
// over its hands in play order; a tournament's, check_stored_tournament of its summary (when one
// is stored), then check_table_moves_over its hands; a site's, check_rake_outliers of its raked
// hands no schedule covered.
db::ScopeCheck audit_checks(const HouseRulesBook& house);

// Replaces the findings of each scope of `scopes` by what `check` finds
// (db::Store::replace_findings), and the store holds the same rows whatever `readers` is: how
// many threads may read the scopes' inputs and run `check` beside the caller's.
// On SQLite (db::Store::readers_beside: read connections in the write transaction's snapshot)
// the caller writes the findings, in the order of `scopes`, and `stored` gets them in that
// order on the caller's thread. On PostgreSQL (db::Store::checkers_beside) each thread checks
// whole scopes, each a transaction under the scope's lock as another writer's would be, a
// scope's findings handed to `stored` once committed, one thread at a time, in no set order
// (each scope's own check replaces its findings as a whole: the rows are the same); a scope
// whose check another writer has done since is left (replace_owed_findings). Returns the
// transactions the threads beside the caller retried (the store's own are in
// transaction_retries()).
long replace_scope_findings(db::Store& store, const std::vector<db::CheckScope>& scopes,
                            const db::ScopeCheck& check, const db::ScopeFindingSink& stored,
                            unsigned readers);

}  // namespace hh::pipeline

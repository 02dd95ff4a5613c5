#include <fmt/format.h>

#include <iostream>

#include "cli/commands.hpp"
#include "cli/site_names.hpp"

namespace hh::cli {

namespace {

// Every long and short option of `cmd` ("--db -q ..."), help included.
std::string option_words(const CLI::App& cmd) {
  std::string words;
  for (const CLI::Option* o : cmd.get_options()) {
    for (const std::string& l : o->get_lnames()) words += " --" + l;
    for (const std::string& s : o->get_snames()) words += " -" + s;
  }
  return words.empty() ? words : words.substr(1);
}

// A bash completion script made from the command line itself, so it never falls behind: the
// subcommands, each one's options, and the values of --format, --fail-on, --site and --by.
std::string bash_script(const CLI::App& app) {
  std::string commands, cases;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    commands += (commands.empty() ? "" : " ") + sub->get_name();
    cases += fmt::format("    {}) opts=\"{}\" ;;\n", sub->get_name(), option_words(*sub));
  }
  std::string sites = site_names();
  for (auto at = sites.find(", "); at != std::string::npos; at = sites.find(", "))
    sites.replace(at, 2, " ");
  return fmt::format(
      R"(# bash completion for hhaudit (made by `hhaudit completion bash`)
_hhaudit() {{
  local cur=${{COMP_WORDS[COMP_CWORD]}} prev=${{COMP_WORDS[COMP_CWORD-1]}} opts=
  if [[ $COMP_CWORD -eq 1 ]]; then
    COMPREPLY=($(compgen -W "{} --help --version" -- "$cur"))
    return
  fi
  case $prev in
    --format) COMPREPLY=($(compgen -W "table csv json" -- "$cur")); return ;;
    --fail-on) COMPREPLY=($(compgen -W "info warning error none" -- "$cur")); return ;;
    --site) COMPREPLY=($(compgen -W "{}" -- "$cur")); return ;;
    --by) COMPREPLY=($(compgen -W "hand-id number" -- "$cur")); return ;;
  esac
  case ${{COMP_WORDS[1]}} in
{}  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}}
complete -o filenames -F _hhaudit hhaudit
)",
      commands, sites, cases);
}

}  // namespace

void add_completion_command(CLI::App& app, int& exit_code) {
  auto shell = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand(
      "completion",
      "Print a shell completion script: source <(hhaudit completion bash), or save it as "
      "/usr/share/bash-completion/completions/hhaudit");
  cmd->add_option("shell", *shell, "The shell (bash)")->required()->check(CLI::IsMember({"bash"}));
  // The callback owns `shell`: CLI11 writes the option's value into it after this returns.
  cmd->callback([&app, &exit_code, shell] {
    std::cout << bash_script(app);
    exit_code = kClean;
  });
}

}  // namespace hh::cli

# Reads the built tool's --help texts, the one source of the CLI reference (scripts/cli-reference), the man page
# (scripts/man-page) and the shell completions (scripts/completions). Sourced, not run.

# cli_walk TOOL VISIT: calls `VISIT "<subcommand words>" "<help text>"` for the tool itself ("" as the words), then
# for every subcommand, depth-first in the order each help's SUBCOMMANDS section lists them.
cli_walk() {
    local tool=$1 visit=$2
    shift 2
    local text sub
    text=$("$tool" "$@" --help)
    "$visit" "$*" "$text"
    for sub in $(printf '%s\n' "$text" | cli_rows | awk -F '\x1f' '$1 == "SUBCOMMANDS" { print $2 }'); do
        cli_walk "$tool" "$visit" "$@" "$sub"
    done
}

# cli_rows: reads one help text and prints its entries, one a line, fields separated by \x1f (unit separator):
#   OVERVIEW␟␟text   USAGE␟␟text   ARGUMENTS␟<name>␟help   OPTIONS␟-o, --output <file>␟help   SUBCOMMANDS␟name␟help
# A table's left column too wide for it stands alone on its line, its help on the next one, indented deeper.
cli_rows() {
    awk '
        function emit(section, left, help) { printf "%s\x1f%s\x1f%s\n", section, left, help }
        /^OVERVIEW: / { emit("OVERVIEW", "", substr($0, 11)); next }
        /^USAGE: / { emit("USAGE", "", substr($0, 8)); next }
        /^(ARGUMENTS|OPTIONS|SUBCOMMANDS):$/ { section = substr($0, 1, length($0) - 1); next }
        /^$/ { section = ""; next }
        section != "" && pending != "" && /^   +[^ ]/ { sub(/^ +/, ""); emit(section, pending, $0); pending = ""; next }
        section != "" && /^  [^ ]/ {
            line = substr($0, 3)
            gap = index(line, "  ")
            if (gap == 0) { pending = line; next }
            help = substr(line, gap); sub(/^ +/, "", help)
            emit(section, substr(line, 1, gap - 1), help)
        }
    '
}

# cli_model TOOL: every command's entries as cli_rows prints them, each line led by the command's subcommand words
# and \x1f ("" for the tool itself).
cli_model() {
    cli_walk "$1" _cli_model_visit
}
_cli_model_visit() { printf '%s\n' "$2" | cli_rows | sed "s/^/$1\x1f/"; }

# Sourced by bench/run.sh and bench/scale.sh: what their tables share.

# An awk function for the tables' figures, put before a script's own program:
# group(1234567) -> "1,234,567".
# shellcheck disable=SC2034 # used by the scripts that source this file
awk_group='
  function group(n,   s, out) {
    s = sprintf("%d", n)
    out = ""
    while (length(s) > 3) {
      out = "," substr(s, length(s) - 2) out
      s = substr(s, 1, length(s) - 3)
    }
    return s out
  }'

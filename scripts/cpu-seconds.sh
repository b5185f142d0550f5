#!/usr/bin/env bash
# cpu-seconds.sh COMMAND...: runs COMMAND and prints its wall time and the CPU-seconds (user + system) of every
# process it started, Chromium's included. `time` counts only the children that were waited for, and Chromium's
# zygote and renderers are not (the last session's `time -v` missed most of the browser tests' CPU): a cgroup
# (v1 cpuacct or v2 cpu.stat) counts every process in it, whoever reaps it. Without a writable cgroup it says so
# and falls back to the whole machine's busy time from /proc/stat, which is only right on a quiet machine.
set -uo pipefail
name="cpu-seconds-$$"
v1=/sys/fs/cgroup/cpuacct
v2=/sys/fs/cgroup
group=""
if [ -w "$v1" ] && mkdir "$v1/$name" 2>/dev/null; then
  group="$v1/$name"
elif [ -f "$v2/cgroup.controllers" ] && mkdir "$v2/$name" 2>/dev/null; then
  group="$v2/$name"
fi
busy() { awk '/^cpu /{ print $2 + $3 + $4 + $7 + $8 }' /proc/stat; }
start=$(date +%s.%N)
before=$(busy)
if [ -n "$group" ]; then
  (echo "$BASHPID" >"$group/cgroup.procs" && exec "$@")
else
  "$@"
fi
status=$?
end=$(date +%s.%N)
if [ -f "$group/cpuacct.usage" ]; then
  cpu=$(awk '{ printf "%.1f", $1 / 1e9 }' "$group/cpuacct.usage")
  how="cgroup"
elif [ -f "$group/cpu.stat" ]; then
  cpu=$(awk '/^usage_usec/{ printf "%.1f", $2 / 1e6 }' "$group/cpu.stat")
  how="cgroup"
else
  ticks=$(getconf CLK_TCK)
  cpu=$(awk -v a="$before" -v b="$(busy)" -v t="$ticks" 'BEGIN { printf "%.1f", (b - a) / t }')
  how="whole machine (no writable cgroup: right only on a quiet machine)"
fi
[ -n "$group" ] && rmdir "$group" 2>/dev/null
printf 'wall %.1f s, CPU %s s (%s), load %s, exit %d\n' "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" "$cpu" "$how" "$(cut -d' ' -f1-3 /proc/loadavg)" "$status" >&2
exit $status

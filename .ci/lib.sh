# Functions the .ci scripts share; sourced (`. "$root/.ci/lib.sh"`), not run.

# evaluate EXPRESSION: Maven's value of EXPRESSION in the current project, without the colour
# codes some Maven versions print even in batch mode.
evaluate() { mvn -B -q help:evaluate -Dexpression="$1" -DforceStdout | sed 's/\x1b\[[0-9;]*m//g'; }

# require_installed VERSION ARTIFACT...: fails unless each ARTIFACT (a path under
# io/github/drivespeed/ of the local repository) is there.
require_installed() {
  local version="$1" repo artifact; shift
  repo="$(evaluate settings.localRepository)"
  for artifact in "$@"; do
    if [ ! -f "$repo/io/github/drivespeed/$artifact" ]; then
      echo "${0##*/}: not installed (run mvn install first): io/github/drivespeed/$artifact" >&2
      return 1
    fi
  done
}

# own_drive SIZE_MIB: a drive no other measurement or writer on the machine shares, for a check
# that expects a figure that is the drive's own (requirements met, gauges not NaN). On a shared
# disk drivespeed rightly flags a figure CONCURRENT_MEASUREMENT or FOREIGN_IO and leaves it out,
# so such a check measures a drive of its own. As root: an ext4 file system on a loop device over
# an image in /dev/shm (named .XXXXXX.ci-drive, which .ci/run's leak check knows), mounted on a
# new directory, empty (no lost+found). Sets OWN_DRIVE to that directory; release_own_drive undoes it all and is safe to
# call twice or when nothing was made. Not root: a new temporary directory on the shared disk,
# with a note that its figures may be flagged.
OWN_DRIVE="" own_drive_image="" own_drive_loop=""
own_drive() {
  if [ "$(id -u)" != 0 ]; then
    OWN_DRIVE="$(mktemp -d)"
    echo "${0##*/}: not root: measuring $OWN_DRIVE on the shared disk, where another build's I/O" \
      "may flag the figures" >&2
    return
  fi
  own_drive_image="$(mktemp /dev/shm/.XXXXXX.ci-drive)"
  truncate -s "${1}M" "$own_drive_image"
  mkfs.ext4 -q -F -m 0 "$own_drive_image"
  own_drive_loop="$(losetup --find --show "$own_drive_image")"
  OWN_DRIVE="$(mktemp -d)"
  mount "$own_drive_loop" "$OWN_DRIVE"
  # empty, as a new temporary directory is, so that a check for files left behind sees only the
  # run's own
  rmdir "$OWN_DRIVE/lost+found"
}
release_own_drive() {
  if [ -n "$OWN_DRIVE" ] && mountpoint -q "$OWN_DRIVE"; then umount "$OWN_DRIVE"; fi
  [ -z "$own_drive_loop" ] || losetup -d "$own_drive_loop" 2>/dev/null || true
  [ -z "$own_drive_image" ] || rm -f "$own_drive_image"
  [ -z "$OWN_DRIVE" ] || rm -rf "$OWN_DRIVE"
  OWN_DRIVE="" own_drive_image="" own_drive_loop=""
}

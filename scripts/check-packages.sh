#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the .deb and the .rpm from the release preset and checks them as a user's machine would see them:
# lintian without errors, rpmlint without unexpected findings, the RPM's files and requirements, then the
# .deb installed with apt-get, run, its man page, desktop file, AppStream data, MIME type and completion
# checked, and removed again. Needs root (it installs the package); CI runs it (.ci/run). Any failed check
# fails the script.
#   scripts/check-packages.sh                  build the release preset, package, check
#   scripts/check-packages.sh dev              package the dev build instead (CI: it is built already, and a
#                                              release build would take another 30 minutes on 2 cores)
#   scripts/check-packages.sh [PRESET] --keep  leave the package installed
set -euo pipefail
cd "$(dirname "$0")/.."
preset=release
keep=false
for arg in "$@"; do
    case $arg in
    --keep) keep=true ;;
    -*) echo "usage: scripts/check-packages.sh [PRESET] [--keep]" >&2; exit 2 ;;
    *) preset=$arg ;;
    esac
done
export DEBIAN_FRONTEND=noninteractive

fail() {
    echo "check-packages: $*" >&2
    exit 1
}
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# rpmbuild for CPack's RPM generator; rpmlint, lintian, desktop-file-validate, appstreamcli, man and shared-mime-info
# for the checks.
tools=(rpm rpmlint lintian desktop-file-utils appstream man-db shared-mime-info)
missing=()
for t in "${tools[@]}"; do
    dpkg-query -W -f='${Status}' "$t" 2>/dev/null | grep -q "install ok installed" || missing+=("$t")
done
if [ ${#missing[@]} -gt 0 ]; then
    as_root apt-get install -y -q --no-install-recommends "${missing[@]}" \
        || { as_root apt-get update -q && as_root apt-get install -y -q --no-install-recommends "${missing[@]}"; }
fi
scripts/install-deps.sh

# Only what the packages hold is built: the benchmarks have no install rules.
cmake --preset "$preset"
cmake --build --preset "$preset" -j "$(nproc)" --target numasight numasight-cli numasight-export numasight_manual \
    numasight_icons numasight_changelog
build=build/$preset
rm -f "$build"/numasight_*.deb "$build"/numasight-*.rpm
(cd "$build" && cpack -G DEB && cpack -G RPM)
deb=$(ls "$build"/numasight_*_*.deb)
rpm=$(ls "$build"/numasight-*.rpm)
echo "=== packages: $deb ($(stat -c %s "$deb") bytes), $rpm ($(stat -c %s "$rpm") bytes)"

echo "=== lintian"
lintian --fail-on error "$deb" || fail "lintian found errors in $deb"

echo "=== rpmlint (packaging/rpmlintrc lists the expected findings and why)"
rpmlint -r packaging/rpmlintrc "$rpm" || fail "rpmlint found problems in $rpm"

echo "=== the RPM's files and requirements"
rpm_files=$(rpm -qpl "$rpm")
for f in /usr/bin/numasight /usr/bin/numasight-cli /usr/libexec/numasight/numasight-export \
         /usr/share/man/man1/numasight.1.gz /usr/share/man/man1/numasight-cli.1.gz \
         /usr/share/applications/numasight.desktop /usr/share/metainfo/io.github.numasight.numasight.metainfo.xml \
         /usr/share/mime/packages/numasight.xml /usr/share/icons/hicolor/scalable/apps/numasight.svg \
         /usr/share/icons/hicolor/16x16/apps/numasight.png /usr/share/icons/hicolor/512x512/apps/numasight.png \
         /usr/share/bash-completion/completions/numasight-cli /usr/share/zsh/site-functions/_numasight-cli \
         /usr/lib/systemd/system/numasight-recorder@.service /usr/share/doc/numasight/LICENSE \
         /usr/share/doc/numasight/examples/kubernetes/numasight-recorder.yaml; do
    grep -qx "$f" <<<"$rpm_files" || fail "$rpm lacks $f"
done
# Folders of the system (filesystem, systemd, hicolor-icon-theme) must not be claimed by the package.
for d in /usr/bin /usr/share/man/man1 /usr/lib/systemd/system /usr/share/icons/hicolor /usr/share/applications; do
    grep -qx "$d" <<<"$rpm_files" && fail "$rpm claims the system folder $d"
done
rpm_requires=$(rpm -qpR "$rpm")
for r in graphviz 'libQt6Core.so.6()(64bit)' 'libhwloc.so.15()(64bit)' 'libbpf.so.1()(64bit)' \
         'libsqlite3.so.0()(64bit)' 'libgvc.so.6()(64bit)'; do
    grep -qxF "$r" <<<"$rpm_requires" || fail "$rpm does not require $r"
done
rpm -qp --qf '%{LICENSE}\n' "$rpm" | grep -qx 'GPL-3.0-or-later' || fail "$rpm's licence tag is not GPL-3.0-or-later"

echo "=== install the .deb"
as_root apt-get install -y -q "./$deb"
cleanup() { $keep || as_root apt-get remove -y -q numasight >/dev/null; }
trap cleanup EXIT

version=$(sed -n 's/^project(numasight VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
said=$(/usr/bin/numasight-cli --version)
echo "$said"
grep -q "^numasight-cli $version" <<<"$said" || fail "numasight-cli --version does not say $version"
env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM /usr/bin/numasight --version | grep -q "$version" \
    || fail "numasight --version does not say $version without a display"
/usr/bin/numasight-cli info :local: >/dev/null || fail "numasight-cli info :local: failed"
man -w numasight-cli || fail "man does not find numasight-cli(1)"
man -w numasight || fail "man does not find numasight(1)"
desktop-file-validate /usr/share/applications/numasight.desktop || fail "desktop-file-validate failed"
appstreamcli validate --no-net /usr/share/metainfo/io.github.numasight.numasight.metainfo.xml \
    || fail "appstreamcli validate failed"
# dpkg's trigger ran update-mime-database: the type is known.
[ -e /usr/share/mime/application/x-numasight-capture.xml ] || fail "the MIME type is not registered"
bash -c 'source /usr/share/bash-completion/completions/numasight-cli && complete -p numasight-cli' \
    || fail "the bash completion does not register"
# The drawing helper is found in libexec from the installed numasight-cli.
fixture=${NUMASIGHT_FIXTURES:-../shared/fixtures}/witty-profiler/graph.json
if [ -e "$fixture" ]; then
    out=$(mktemp -d)
    /usr/bin/numasight-cli export "$fixture" -o "$out/graph.svg" || fail "export through the installed helper failed"
    grep -q '<svg' "$out/graph.svg" || fail "the installed export wrote no SVG"
    rm -rf "$out"
fi

if ! $keep; then
    trap - EXIT
    as_root apt-get remove -y -q numasight
    [ ! -e /usr/bin/numasight-cli ] || fail "numasight-cli is still there after apt-get remove"
fi
echo "=== packages checked"

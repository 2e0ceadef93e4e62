#!/usr/bin/env bash
# Redraws the README's pictures from the shipped examples: each is the real `--svg -` output of
# the command, drawn to PNG by cairosvg (the test extra). Run from anywhere, with `verify` and
# `cairosvg` installed.
set -euo pipefail
cd "$(dirname "$0")/../.."
draw() {
    local name=$1
    shift
    rm -f "docs/pictures/$name.png"
    verify "$@" --svg - 2>/dev/null | cairosvg - -o "docs/pictures/$name.png" || true
    test -s "docs/pictures/$name.png"
}
draw tricks-where-s2 tricks examples/whitehouse/rulebook-where-s2.json
draw socks-super-sock-gift socks examples/socks/super-sock-gift.json
draw likes-round likes round examples/likes/round-third-influencer.json
draw social-round social round examples/social/round-disputed.json
draw whitehouse-illegal-placement whitehouse move examples/whitehouse/positions/illegal-placement.json \
    --move examples/whitehouse/positions/moves/illegal-placement.json
draw balance-socks balance socks --games 200

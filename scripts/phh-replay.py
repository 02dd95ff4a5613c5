#!/usr/bin/env python3
"""Replays PHH files in PokerKit, the PHH standard's reference implementation (docs/convert.md).

    PYTHONPATH=../shared/tools/pokerkit python3 scripts/phh-replay.py [--expect TSV] FILE.phhs...

Every action is applied as written: PokerKit's HandHistory iterator repairs an action it cannot
apply (it checks, folds or mucks in its place, "Unable to repair" only when that fails), and
hhaudit must not, so an action PokerKit refuses is a failure here. Only what PHH leaves to the
engine is automatic: antes, blinds, collecting bets, burning, killing and pushing chips.

With --expect, a TSV of `file<TAB>hand index (1-based)<TAB>final stacks, comma-separated` (the
hand's own reading: stack - put in + collected, in PHH's player order), the final stacks must be
the hand's: each player's PokerKit stack equals the hand's, except that the money the site kept
(rake, fees: the hand's starting total less its final total) comes out of what PokerKit paid the
winners.

Prints one line per hand that fails, `FILE#INDEX (hand ID): why`, then a tally line
`replayed N of M hands; K failed` and exits 1 when any failed.
"""
import argparse
import os
import pathlib
import sys
from decimal import Decimal

from pokerkit import HandHistory
from pokerkit.notation import parse_action
from pokerkit.state import ChipsPushing


def replay(hh):
    """Applies every action as written; returns (final stacks, paid per player)."""
    state = hh.create_state()
    actions = list(hh.actions)
    i = 0
    while True:
        if i < len(actions):
            try:
                parse_action(state, actions[i], hh.parse_value)
            except ValueError as e:
                if not automatic_step(state):
                    raise ValueError(f'action {i + 1} {actions[i]!r}: {e}') from None
                continue
            i += 1
            continue
        if not automatic_step(state):
            break
    if state.status:
        raise ValueError('the hand does not end after its last action')
    paid = [0] * len(hh.starting_stacks)
    for operation in state.operations:
        if isinstance(operation, ChipsPushing):
            for k, amount in enumerate(operation.amounts):
                paid[k] += amount
    return list(state.stacks), paid


def automatic_step(state):
    """One step PHH leaves to the engine; False when none is due."""
    if state.can_post_ante():
        state.post_ante()
    elif state.can_collect_bets():
        state.collect_bets()
    elif state.can_post_blind_or_straddle():
        state.post_blind_or_straddle()
    elif state.can_burn_card():
        state.burn_card('??')
    elif state.can_kill_hand():
        state.kill_hand()
    elif state.can_push_chips():
        state.push_chips()
    elif state.can_pull_chips():
        state.pull_chips()
    else:
        return False
    return True


def stacks_disagree(final, paid, expected):
    """Why PokerKit's final stacks are not the hand's, or None."""
    if len(final) != len(expected):
        return f'{len(final)} players, the hand has {len(expected)}'
    # A stack the site did not print is `inf` on both sides: not compared.
    known = [k for k, e in enumerate(expected) if Decimal(e).is_finite()]
    final = [final[k] for k in known]
    paid = [paid[k] for k in known]
    expected = [expected[k] for k in known]
    kept = sum(final) - sum(expected)
    extra = [f - e for f, e in zip(final, expected)]
    if kept < 0 or any(x < 0 or (x > 0 and paid[k] < x) for k, x in enumerate(extra)):
        return f'final stacks {fmt(final)}, the hand {fmt(expected)}'
    return None


def fmt(values):
    return '[' + ', '.join(str(v) for v in values) + ']'


def load_expected(path):
    expected = {}
    with open(path, encoding='utf-8') as f:
        for line in f:
            name, index, stacks = line.rstrip('\n').split('\t')
            expected[(name, int(index))] = [int(s) if s.lstrip('-').isdigit() else Decimal(s)
                                            for s in stacks.split(',')]
    return expected


def phhs_files(paths):
    """The files named, a folder's .phhs files (recursively, sorted) in its place."""
    for path in paths:
        if os.path.isdir(path):
            yield from sorted(str(p) for p in pathlib.Path(path).rglob('*.phh*')
                              if p.suffix in ('.phh', '.phhs'))
        else:
            yield path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--expect')
    parser.add_argument('files', nargs='+')
    args = parser.parse_args()
    expected = load_expected(args.expect) if args.expect else {}
    total = failed = 0
    for name in phhs_files(args.files):
        with open(name, 'rb') as f:
            hands = ([HandHistory.load(f)] if name.endswith('.phh') else
                     list(HandHistory.load_all(f)))
        for index, hh in enumerate(hands, 1):
            total += 1
            hand_id = hh.hand if hh.hand is not None else '?'
            try:
                final, paid = replay(hh)
                want = expected.get((name, index))
                why = stacks_disagree(final, paid, want) if want is not None else None
                if args.expect and want is None:
                    why = 'no expected stacks'
            except Exception as e:  # noqa: BLE001 - PokerKit raises several kinds
                why = f'{type(e).__name__}: {e}'
            if why:
                failed += 1
                print(f'{name}#{index} (hand {hand_id}): {why}')
    print(f'replayed {total - failed} of {total} hands; {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())

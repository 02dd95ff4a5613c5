#!/usr/bin/env python3
"""Checks OHH files against Open Hand History 1.4 (docs/convert.md): a small checker of its own,
independent of hhaudit's reader.

    python3 scripts/ohh-validate.py [--schema testdata/ohh/ohh-1.4.schema.json] FILE.ohh|DIR...

A file holds hand objects one after another (PokerTracker's storage: `{"ohh": ...}` objects
separated by blank lines). Every field is checked against the schema written from the spec
(its type, its enumerated values: card codes, action names, game types, streets, bet types;
no field the spec does not define), then against what the spec's objects say of each other:
every player_id names a player, action numbers rise within a round, and no pot pays out more than it holds.

Prints one line per problem, `FILE#HAND (game GAME_NUMBER): where: what`, then
`checked N hands in M files; K with problems`; exits 1 when any hand has one.
"""
import argparse
import json
import os
import pathlib
import re
import sys
from decimal import Decimal

HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_SCHEMA = HERE.parent / 'testdata' / 'ohh' / 'ohh-1.4.schema.json'


class Checker:
    def __init__(self, schema):
        self.definitions = schema['definitions']
        self.root = schema['root']

    def check(self, value, rule, where, problems):
        if '$ref' in rule:
            rule = self.definitions[rule['$ref']]
        if not self.has_type(value, rule['type']):
            problems.append(f'{where}: {short(value)} is not a {rule["type"]}')
            return
        if 'enum' in rule and value not in rule['enum']:
            problems.append(f'{where}: {short(value)} is not one of the spec\'s values')
        if 'pattern' in rule and not re.search(rule['pattern'], value):
            problems.append(f'{where}: {short(value)} is not in the spec\'s format')
        if rule['type'] == 'array':
            for i, item in enumerate(value):
                self.check(item, rule['items'], f'{where}[{i}]', problems)
        if rule['type'] == 'object':
            self.check_object(value, rule, where, problems)

    def check_object(self, value, rule, where, problems):
        properties = rule.get('properties', {})
        for name in rule.get('required', []):
            if name not in value:
                problems.append(f'{where}: no {name}')
        for name, item in value.items():
            if name in properties:
                self.check(item, properties[name], f'{where}.{name}', problems)
            elif rule.get('closed'):
                problems.append(f'{where}: {name} is not a field of the spec')

    @staticmethod
    def has_type(value, kind):
        if kind == 'string':
            return isinstance(value, str)
        if kind == 'boolean':
            return isinstance(value, bool)
        if kind == 'integer':
            return isinstance(value, int) and not isinstance(value, bool)
        if kind == 'decimal':
            return isinstance(value, (int, Decimal)) and not isinstance(value, bool)
        if kind == 'object':
            return isinstance(value, dict)
        if kind == 'array':
            return isinstance(value, list)
        raise ValueError(f'unknown type {kind} in the schema')


def short(value):
    text = json.dumps(value, default=str)
    return text if len(text) <= 40 else text[:37] + '...'


def consistency(hand, problems):
    """What the spec's objects say of each other."""
    ids = {p.get('id') for p in hand.get('players', []) if isinstance(p, dict)}
    for r, rnd in enumerate(hand.get('rounds', [])):
        last = -1
        for a, action in enumerate(rnd.get('actions', [])):
            where = f'rounds[{r}].actions[{a}]'
            if 'player_id' in action and action['player_id'] not in ids:
                problems.append(f'{where}: player_id {action["player_id"]} names no player')
            number = action.get('action_number', 0)
            if isinstance(number, int) and number <= last:
                problems.append(f'{where}: action_number {number} does not rise')
            last = number if isinstance(number, int) else last
    for p, pot in enumerate(hand.get('pots', [])):
        paid = Decimal(0)
        for w in pot.get('player_wins', []):
            if w.get('player_id') not in ids:
                problems.append(f'pots[{p}]: player_id {w.get("player_id")} names no player')
            paid += Decimal(w.get('win_amount', 0))
        kept = Decimal(pot.get('rake', 0)) + Decimal(pot.get('jackpot', 0))
        if paid + kept > Decimal(pot.get('amount', 0)):
            problems.append(f'pots[{p}]: pays {paid} and keeps {kept} of {pot.get("amount")}')


def hands_of(text):
    """The JSON objects of a file, one after another."""
    decoder = json.JSONDecoder(parse_float=Decimal)
    i = 0
    while True:
        while i < len(text) and text[i] in ' \t\r\n':
            i += 1
        if i >= len(text):
            return
        value, i = decoder.raw_decode(text, i)
        yield value


def ohh_files(paths):
    for path in paths:
        if os.path.isdir(path):
            yield from sorted(str(p) for p in pathlib.Path(path).rglob('*.ohh'))
        else:
            yield path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--schema', default=str(DEFAULT_SCHEMA))
    parser.add_argument('files', nargs='+')
    args = parser.parse_args()
    with open(args.schema, encoding='utf-8') as f:
        checker = Checker(json.load(f))
    hands = files = bad = 0
    for name in ohh_files(args.files):
        files += 1
        with open(name, encoding='utf-8') as f:
            text = f.read()
        try:
            objects = list(hands_of(text))
        except json.JSONDecodeError as e:
            print(f'{name}: not JSON: {e}')
            bad += 1
            continue
        for index, obj in enumerate(objects, 1):
            hands += 1
            problems = []
            checker.check(obj, checker.root, 'ohh', problems)
            hand = obj.get('ohh') if isinstance(obj, dict) else None
            if isinstance(hand, dict) and not problems:
                consistency(hand, problems)
            game = hand.get('game_number', '?') if isinstance(hand, dict) else '?'
            for problem in problems:
                print(f'{name}#{index} (game {game}): {problem}')
            bad += 1 if problems else 0
    print(f'checked {hands} hands in {files} files; {bad} with problems')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())

#!/usr/bin/env python3
"""Canonical dump of an hhaudit database: the same audit gives the same text, whatever the schema
version, the order of insertion, the number of jobs or the machine.

Usage: scripts/db-dump.py DB [> dump.txt]
       scripts/db-dump.py --diff OLD.db NEW.db   (exit 1 and a unified diff when they differ)
       scripts/db-dump.py --unread DB            (the files recorded without being read)

What it prints, one line per row, sorted: every hand (site, hand number, file, line, status and
every audited figure), every player's money, every pot (eligible seats and winners as sorted
lists), and every finding (code, severity, street, seat, player, expected, actual, line, and
the amounts' unit when not money). Row ids, timestamps, messages and absolute paths are left out: they are not part of what the audit found.
Old databases are read as the current schema would hold them (site "pacific" is "888poker"; pot
seats from the comma-joined columns or from the pot_seats table).
Files recorded without being read (schema 2: files.status 'unsupported' or 'no-hands', schema
6 also 'unreadable', with no sha256; schema 1 did not record them) hold no hand and are not part of what the audit found: they are left out of
the dump and counted on stderr (`--unread DB` lists them).
"""
import difflib
import os
import sqlite3
import sys

SITE_RENAMES = {"pacific": "888poker"}
UNREAD = ("unsupported", "no-hands", "unreadable")


def site(name):
    return SITE_RENAMES.get(name, name)


def fmt(v):
    return "NULL" if v is None else str(v)


def columns(db, table):
    return [r[1] for r in db.execute(f"PRAGMA table_info({table})")]


def dump(path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    out = []
    file_path = {fid: os.path.basename(p) + ":" + (sha or "")[:12]
                 for fid, p, sha in db.execute("SELECT file_id, path, sha256 FROM files")}
    cols = columns(db, "files")
    for fid, p, sha in db.execute("SELECT file_id, path, sha256 FROM files"):
        row = db.execute(f"SELECT * FROM files WHERE file_id = ?", (fid,)).fetchone()
        rec = dict(zip(cols, row))
        if rec.get("status") in UNREAD:
            continue
        out.append("file\t" + "\t".join(fmt(x) for x in (
            file_path[fid], rec.get("bytes"), rec.get("encoding"), site(rec.get("site") or "") or None,
            rec.get("hands"), rec.get("failed"), rec.get("duplicates"), rec.get("conflicts"))))
    hand_cols = [c for c in (
        "byte_offset", "line", "table_name", "game", "limit_type", "currency", "unit",
        "small_blind", "big_blind", "ante", "started_at_utc", "seats", "players_dealt", "total_pot",
        "rake", "fees", "status", "content_sha256", "tournament_id", "button_seat", "cancelled",
        "total_contributed", "total_collected", "parse_issues", "total_pot_derived",
        "rake_derived") if c in columns(db, "hands")]
    key = {}
    for row in db.execute(f"SELECT hand_id, site, site_hand_id, file_id, {', '.join(hand_cols)} "
                          "FROM hands"):
        hid, s, shid, fid = row[:4]
        k = f"{site(s)}\t{fmt(shid)}\t{file_path[fid]}\t{row[4]}"
        key[hid] = k
        out.append("hand\t" + k + "\t" + "\t".join(f"{c}={fmt(v)}" for c, v in zip(hand_cols, row[4:])))
    for row in db.execute("SELECT hand_id, seat, player, start_stack, contributed, collected, net "
                          "FROM hand_players"):
        out.append("player\t" + key[row[0]] + "\t" + "\t".join(fmt(v) for v in row[1:]))
    pot_cols = columns(db, "pots")
    seats = {}
    if "pot_seats" in [r[0] for r in db.execute("SELECT name FROM sqlite_master")]:
        for hid, idx, seat, role in db.execute(
                "SELECT hand_id, pot_index, seat, role FROM pot_seats"):
            seats.setdefault((hid, idx, role), []).append(seat)
    for row in db.execute("SELECT * FROM pots"):
        rec = dict(zip(pot_cols, row))
        hid, idx = rec["hand_id"], rec["pot_index"]
        if "eligible" in rec:
            elig = sorted(int(x) for x in rec["eligible"].split(",") if x)
            win = sorted(int(x) for x in rec["winners"].split(",") if x)
        else:
            elig = sorted(seats.get((hid, idx, "eligible"), []))
            win = sorted(seats.get((hid, idx, "winner"), []))
        out.append("pot\t" + key[hid] + "\t" + "\t".join(fmt(v) for v in (
            idx, rec["amount"], rec["rake"], rec.get("reported_amount"))) +
            "\teligible=" + ",".join(map(str, elig)) + "\twinners=" + ",".join(map(str, win)))
    # The unit of expected and actual (schema 21), after them when it is not money (NULL): a
    # database of before reads as all money.
    unit = "amount_unit" if "amount_unit" in columns(db, "discrepancies") else "NULL"
    for row in db.execute("SELECT hand_id, code, severity, street, seat, player, expected, actual, "
                          f"line, {unit} FROM discrepancies"):
        out.append("finding\t" + key[row[0]] + "\t" + "\t".join(fmt(v) for v in row[1:-1]) +
                   ("" if row[-1] is None else "\tunit=" + row[-1]))
    for row in db.execute("SELECT site, site_hand_id, existing_hand_id, file_id, line, "
                          "content_sha256 FROM hand_conflicts"):
        out.append("conflict\t" + "\t".join(fmt(v) for v in (
            site(row[0]), row[1], key[row[2]], file_path[row[3]], row[4], row[5])))
    out.sort()
    return out


def unread(path):
    """(status, note, path) of every file recorded without being read."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    if "status" not in columns(db, "files"):
        return []
    return sorted(db.execute("SELECT status, coalesce(note, ''), path FROM files "
                             f"WHERE status IN {UNREAD}"))


def main(argv):
    if len(argv) == 3 and argv[1] == "--unread":
        for row in unread(argv[2]):
            print("\t".join(row))
        return 0
    if len(argv) == 4 and argv[1] == "--diff":
        for name in argv[2:]:
            n = len(unread(name))
            if n:
                print(f"{name}: {n} files recorded unread, not compared (--unread lists them)",
                      file=sys.stderr)
        a, b = dump(argv[2]), dump(argv[3])
        if a == b:
            print(f"same: {len(a)} rows")
            return 0
        sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(a, b, argv[2], argv[3], lineterm="", n=0))
        return 1
    if len(argv) == 2:
        sys.stdout.writelines(l + "\n" for l in dump(argv[1]))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Records seeded random games played by MancalaGames' own engine, as traces sowlab's
differential test (tests/mancalagames.rs) and long run (tools/mancalagames/long_run.sh) replay.

MancalaGames (StoneShark/MancalaGames, GPL-3.0) is never part of this repository: this script
drives a checkout of it given on the command line and holds none of its code.

    python3 tools/mancalagames/record.py MANCALAGAMES_DIR OUT_DIR [--games N] [--first K]
        [--cap MOVES] [--only NAME ...] [--show NAME SEED]

For every game file (GameProps/*.txt) and every named variant it writes
- OUT_DIR/NAME.txt: the config in MancalaGames' format, only its class, size and the parameters
  whose value is not the default, written from the parameter values (no text of the game file);
- OUT_DIR/NAME.trace: one JSON line per game: `seed`, `moves` (space-separated, in sowlab's
  notation: the hole from the mover's left `3`, a chosen direction `3cw`/`3ccw`, a row where
  the mover may play from either `S3`/`N5`, seeds from the mover's store `store:4`; between
  rounds of round_fill UMOVE the loser's arrangement, a seed a move `3-5`, `store-2`, `4-store`,
  then `pass`, played as MancalaGames' UI would: see `arranged_row`; before play, with
  prescribed ARNGE_LIMIT, the first player's arrangement likewise: see `first_arrangement`), `h` (one
  hash per position, the start included, 8 hex digits each, concatenated), `end` and `w`.

NAME is the rule name sowlab gives the file (`Adji-boto.txt` -> `adji_boto`; a variant `V` ->
`adji_boto__v`). The header line of a trace says which parts of a position the hashes cover.

A position's hash: CRC-32 (zlib's) of the text
    p<pits>;s<stores>;t<to move>[;c<children>][;o<owners>][;x<closed>]
with the pits in MancalaGames' board order (South's holes from South's left, then North's from
North's left), stores [South, North], the player to move 1 (South) or 2 (North) or `-` once the
game is over; children per pit (`1`, `2`, `0` for a child of nobody, `-` for none) where the game
has children; owners per pit (1 or 2) in territory games; closed holes (their indices) where the
game blocks holes. Numbers are decimal, lists comma-separated.

Each game: `random.seed(seed)`, the game built, South made the starter (MancalaGames draws the
starter at random; sowlab's South moves first), then `random.choice` among `get_moves()` until
the game ends. `end` is `over` (MancalaGames' own end; `w` the winner, 1 or 2, or null on a tie),
`endless` (MancalaGames stopped an endless relay and scored it: also over), `cap` (the move cap
reached), `stuck` (no move listed, the game not over: MancalaGames' fault, made by the move before,
which is left out with the position after it) or `fault` (its engine
raised, or a move left its board and stores holding other than the game's seeds, which its engine
asserts before every move, or more at the game's end: the move and the position after it are left
out; `error` says what): after `stuck` and `fault` only the positions recorded are references.
Where the start is drawn at random (start_pattern RANDOM, MOVE_RANDOM, RANDOM_ZEROS), the trace
gives the start position in full (`start`), and each later round's (`rounds`: move index ->
position), since a replay cannot draw MancalaGames' random numbers; so too each later round's
start, with its owners (`o`), where a coin toss between rounds decides a hole's owner
(round_fill TERR_EX_RANDOM).

`--show NAME SEED` prints that game's positions in full, one a line, for reading a difference.
"""

import argparse
import dataclasses
import enum
import json
import os
import random
import re
import sys
import traceback
import zlib

SKIP_FIELDS = {"name", "help_file", "about", "nbr_holes", "rules", "mlength", "udirect"}
RANDOM_STARTS = {"RANDOM", "MOVE_RANDOM", "RANDOM_ZEROS"}


def crc32(text):
    """CRC-32 (zlib's, the IEEE polynomial) of a text's UTF-8 bytes."""
    return zlib.crc32(text.encode()) & 0xFFFFFFFF


def rule_name(stem):
    """sowlab's rule name for a file stem or variant name."""
    return re.sub(r"[^a-z0-9]+", "_", stem.lower())


def load_engine(src):
    src = os.path.abspath(src)
    sys.path.insert(0, os.path.join(src, "src"))
    os.chdir(src)
    import animator  # noqa: E402
    import game_logger  # noqa: E402
    import man_config  # noqa: E402

    animator.ENABLED = False
    game_logger.game_log.active = False
    man_config.read_params_data()
    return man_config


def plain(v):
    if isinstance(v, bool):
        return v
    if isinstance(v, enum.Enum):
        return int(v.value)
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    return v


def config_text(game, class_name):
    """The config in MancalaGames' format: class, size and the non-default parameters."""
    import game_info as gi

    info = {}
    for f in dataclasses.fields(gi.GameInfo):
        if not f.init or f.name in SKIP_FIELDS:
            continue
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            default = None
        value = getattr(game.info, f.name)
        if plain(value) != plain(default):
            info[f.name] = plain(value)
    doc = {
        "game_class": class_name,
        "game_constants": {"holes": game.cts.holes, "nbr_start": game.cts.nbr_start},
        "game_info": info,
    }
    return json.dumps(doc, indent=1, sort_keys=True) + "\n"


class Shape:
    """Which parts of a position a config's hashes cover."""

    def __init__(self, game):
        import game_info as gi

        self.children = game.info.child_type != gi.ChildType.NOCHILD
        self.owners = game.info.goal == gi.Goal.TERRITORY
        self.closed = bool(game.info.blocks)
        self.holes = game.cts.holes

    def fields(self):
        return "pst" + ("c" if self.children else "") + (
            "o" if self.owners else "") + ("x" if self.closed else "")


def child_word(c):
    if c is None:
        return "-"
    if c is False:
        return "1"
    if c is True:
        return "2"
    return "0"


def position(game, shape, over):
    pos = {
        "p": list(game.board),
        "s": list(game.store),
        "t": None if over else (2 if game.turn else 1),
    }
    if shape.children:
        pos["c"] = [child_word(c) for c in game.child]
    if shape.owners:
        pos["o"] = [2 if o else 1 for o in game.owner]
    if shape.closed:
        pos["x"] = [i for i, b in enumerate(game.blocked) if b]
    return pos


def canonical(pos):
    text = "p" + ",".join(map(str, pos["p"])) + ";s" + ",".join(map(str, pos["s"]))
    text += ";t" + ("-" if pos["t"] is None else str(pos["t"]))
    if "c" in pos:
        text += ";c" + ",".join(pos["c"])
    if "o" in pos:
        text += ";o" + ",".join(map(str, pos["o"]))
    if "x" in pos:
        text += ";x" + ",".join(map(str, pos["x"]))
    return text


def notation(move, game, listed):
    """A MancalaGames move in sowlab's notation, for the player to move (`listed`: the moves
    listed with it)."""
    import game_info as gi

    h = game.cts.holes
    north = bool(game.turn)

    def hole(pos, row_north):
        return h - pos if row_north else pos + 1

    # (prescribed=NO_UDIR_FIRSTS: the first two turns sow the game's way, whatever is listed)
    fixed = game.info.prescribed == gi.SowPrescribed.NO_UDIR_FIRSTS and game.movers <= 1

    def direction(d, n):
        # (written only where the mover chooses it: both directions of the hole are listed)
        if d is None or fixed or sum(1 for m in listed if isinstance(m, tuple) and m[:-1] == move[:-1]) < 2:
            return ""
        return "ccw" if int(d) == int(gi.Direct.CCW) else "cw"

    if isinstance(move, tuple):
        if len(move) == 3:
            row, pos, d = move
            # row 0 is the top row (North's), 1 the bottom (South's)
            row_north = row == 0
            n = hole(pos, row_north)
            return ("N" if row_north else "S") + str(n) + direction(d, n)
        if len(move) == 2:
            a, b = move
            if a < 0:
                return f"store:{b}"
            n = hole(a, north)
            return str(n) + direction(b, n)
    return str(hole(move, north))


def chosen_holes(game, shape):
    """round_fill UCHOOSE (and LOSER_ONLY, which refills his row alone): the round's loser may move the seeds of a filled hole of his into an
    empty one (MancalaGames leaves it to its UI; unused here, he keeps the holes its fill gave).
    In sowlab he chooses the holes he fills, one a move: the choice that gives MancalaGames'
    holes is recorded as his moves, from his left, with the positions before each (the first:
    his holes all empty and open, his seeds in his store) as (label, position) pairs; the
    position after the last is MancalaGames' own."""
    h = game.cts.holes
    now = position(game, shape, False)
    # (the round's loser: with LOSER_ONLY the winner's row, left as the round left it, may have
    # empty holes too)
    loser_north = not game.mdata.winner
    for north in (False, True):
        if north != loser_north:
            continue
        locs = list(range(h, 2 * h)) if north else list(range(h))
        filled = [loc for loc in locs if game.board[loc] > 0]
        if not filled or len(filled) == len(locs):
            continue
        pos = {k: (list(v) if isinstance(v, list) else v) for k, v in now.items()}
        side = 1 if north else 0
        for loc in filled:
            pos["s"][side] += pos["p"][loc]
            pos["p"][loc] = 0
        if "x" in pos:
            pos["x"] = [i for i in pos["x"] if i not in locs]
        pos["t"] = 2 if north else 1
        out = []
        for loc in filled:
            out.append((str(loc - h + 1 if north else loc + 1),
                        {k: (list(v) if isinstance(v, list) else v) for k, v in pos.items()}))
            pos["p"][loc] = game.board[loc]
            pos["s"][side] -= game.board[loc]
        return out
    return []


def owned_holes(game, shape):
    """round_fill UCHOWN (a territory game): the round's winner may choose which holes of the
    loser's row he owns (MancalaGames leaves it to its UI; unused here, he owns those its fill
    gave). In sowlab he chooses them one a move: the choice that gives MancalaGames' owners is
    recorded as his moves, from the row owner's left, with the positions before each (the first:
    the loser's row all the loser's, the winner to move) as (label, position) pairs."""
    h = game.cts.holes
    now = position(game, shape, False)
    for north in (False, True):
        locs = list(range(h, 2 * h)) if north else list(range(h))
        row_owner = 2 if north else 1
        won = [loc for loc in locs if now["o"][loc] != row_owner]
        if not won or len(won) == len(locs):
            continue
        pos = {k: (list(v) if isinstance(v, list) else v) for k, v in now.items()}
        for loc in won:
            pos["o"][loc] = row_owner
        pos["t"] = 3 - row_owner
        out = []
        for loc in won:
            label = ("N" + str(loc - h + 1)) if north else ("S" + str(loc + 1))
            out.append((label, {k: (list(v) if isinstance(v, list) else v) for k, v in pos.items()}))
            pos["o"][loc] = 3 - row_owner
        return out
    return []


def arranged_row(game, shape):
    """round_fill UMOVE: after MancalaGames' even spread, the round's loser may arrange his row
    (each hole keeping one seed, seeds to and from his store) and the winner's row copies it
    (MancalaGames leaves it to its UI). Played here as its UI would: a few random moves of one
    seed each, then the pass, applied to both rows (the winner's store giving or taking), each
    recorded in sowlab's notation (`3-5`, `store-2`, `4-store`, from the loser's left; `pass`)
    with the position before it (the loser to move); the position after the pass is the
    round's start. Its UI lets him end the arrangement only when a hole of his holds min_move
    seeds: while none does, he moves on (99 moves at most). A level round: nobody arranges
    (none recorded)."""
    if game.mdata is None or game.mdata.winner is None:
        return []
    planned = random.randrange(0, 6)
    h = game.cts.holes
    loser_north = not game.mdata.winner
    side = 1 if loser_north else 0
    own = list(range(h, 2 * h)) if loser_north else list(range(h))

    def copy(loc):
        return loc - h if loser_north else loc + h

    def label(loc):
        return "store" if loc is None else str(loc - h + 1 if loser_north else loc + 1)

    def gives(loc):
        if loc is None:
            return game.store[side] > 0 and game.store[1 - side] > 0
        return game.board[loc] > 1 and game.board[copy(loc)] > 1

    def playable():
        # (its UI ends the arrangement only when a hole of his holds min_move seeds)
        return any(game.board[loc] >= game.info.min_move for loc in own)

    out = []
    for i in range(99):
        if i >= planned and playable():
            break
        ends = own + [None]
        moves = [(f, t) for f in ends if gives(f) for t in ends
                 if t != f and not (f is None and t is None)]
        if not moves:
            break
        pos = position(game, shape, False)
        pos["t"] = 2 if loser_north else 1
        f, t = random.choice(moves)
        out.append((label(f) + "-" + label(t), pos))
        for a, b, s in ((f, t, side), (None if f is None else copy(f),
                                       None if t is None else copy(t), 1 - side)):
            if a is None:
                game.store[s] -= 1
            else:
                game.board[a] -= 1
            if b is None:
                game.store[s] += 1
            else:
                game.board[b] += 1
    pos = position(game, shape, False)
    pos["t"] = 2 if loser_north else 1
    out.append(("pass", pos))
    return out


def first_arrangement(game, note):
    """prescribed ARNGE_LIMIT: before play the first player (South here) may arrange the seeds
    of his row, the other row copying it (MancalaGames leaves it to its UI: a question, then
    seeds picked up and dropped in his holes). Played here as its UI would, at random: he
    declines (`pass` at once) or moves one seed at a time between his holes, a few times, then
    passes; each move is recorded in sowlab's notation (`3-5`, from his left, copied in the other
    row) with the position after it. A row left as it was blocks his captures and children (its
    UI's inhibitor) and he moves first; a changed row was his turn."""
    h = game.cts.holes
    start = list(game.board[:h])
    if random.randrange(2):
        for _ in range(random.randrange(1, 7)):
            moves = [(f, t) for f in range(h) if game.board[f] > 0 for t in range(h) if t != f]
            if not moves:
                break
            f, t = random.choice(moves)
            for a, b in ((f, t), (f + h, t + h)):
                game.board[a] -= 1
                game.board[b] += 1
            note("%d-%d" % (f + 1, t + 1))
    if list(game.board[:h]) == start:
        game.inhibitor.set_on(game.turn)
    else:
        game.inhibitor.set_off()
        game.turn = not game.turn
    note("pass")


def build(mc, path, variant):
    game_dict = mc.read_game(path)
    game = mc.game_from_config(game_dict, variant)
    # (after the variant's overrides: a variant may change the class)
    return game, game_dict.get("game_class", "Mancala")


def configs(mc, src):
    """(name, file path, variant or None) for every game and named variant."""
    props = os.path.join(src, "GameProps")
    out = []
    for fname in sorted(os.listdir(props)):
        if not fname.endswith(".txt") or fname.startswith("_"):
            continue
        path = os.path.join(props, fname)
        stem = rule_name(fname[:-4])
        out.append((stem, path, None))
        d = mc.read_game(path)
        for v in (d.get("variants") or {}):
            if v == d["game_info"].get("name"):
                continue
            out.append((stem + "__" + rule_name(v), path, v))
    return out


def play(mc, path, variant, seed, cap, full=False):
    """One seeded random game: (trace dict, positions if full)."""
    import game_info as gi

    random.seed(seed)
    game, _ = build(mc, path, variant)
    # South starts: a new game gives the turn to the other of the last starter (or, where the
    # loser starts, to the other of the player to move), so start anew until South moves.
    for _ in range(4):
        if not game.turn:
            break
        game.new_game()
    if game.turn:
        raise SystemExit(f"{path}: cannot make South the starter")
    shape = Shape(game)
    random_start = gi.StartPattern(game.info.start_pattern).name in RANDOM_STARTS
    # (a coin toss between rounds: each later round's start given in full, owners included)
    tossed = gi.RoundFill(game.info.round_fill).name == "TERR_EX_RANDOM"
    positions = []
    hashes = []
    moves = []
    rec = {"seed": seed}
    rounds = {}

    def note(over):
        pos = position(game, shape, over)
        hashes.append("%08x" % crc32(canonical(pos)))
        if full:
            positions.append(pos)
        return pos

    first = note(False)
    if random_start:
        rec["start"] = {"p": first["p"], "s": first["s"], "t": first["t"]}
    if gi.SowPrescribed(game.info.prescribed).name == "ARNGE_LIMIT":
        def arranged(label):
            moves.append(label)
            note(False)
        first_arrangement(game, arranged)
    end, winner, error = "cap", None, None
    try:
        for _ in range(cap):
            mlist = game.get_moves()
            if not mlist:
                # (a position that is not over and has no move is its engine's fault, made by
                # the move before: that move and the position after it are left out)
                end = "stuck"
                if moves:
                    error = f"no move listed after {moves[-1]}, the game not over"
                    moves.pop()
                    hashes.pop()
                    rounds.pop(str(len(moves) + 1), None)
                    if full:
                        positions.pop()
                break
            mv = random.choice(mlist)
            label = notation(mv, game, mlist)
            cond = game.move(mv)
            over = bool(cond and cond.is_game_over())
            endless = over and game.mdata is not None and game.mdata.ended == gi.WinCond.ENDLESS
            new_round = not over and bool(cond and cond.is_round_over())
            if new_round:
                game.new_game(new_round=True)
            if not over and game.info.mustpass:
                game.test_pass()
            # MancalaGames' engine checks before every move that its board and stores hold
            # every seed; a move that broke the count is its fault, found here already, and so
            # is a last move whose end made seeds (no check follows it). (A game's end may take
            # seeds that score for nobody off the board; an endless relay's end loses the seeds
            # its last lap took up: sowlab's option `endless=drop_hand`.)
            held = sum(game.board) + sum(game.store)
            if held > game.cts.total_seeds or (not over and held != game.cts.total_seeds):
                raise RuntimeError(
                    f"seed count: the position after the move holds {held} seeds, "
                    f"not {game.cts.total_seeds}")
            moves.append(label)
            if over:
                end = "endless" if endless else "over"
                if cond.is_win():
                    winner = 2 if game.get_winner() else 1
                note(True)
                break
            choice = {gi.RoundFill.UCHOOSE: chosen_holes, gi.RoundFill.LOSER_ONLY: chosen_holes,
                      gi.RoundFill.UCHOWN: owned_holes, gi.RoundFill.UMOVE: arranged_row}
            if new_round and game.info.round_fill in choice:
                for label, pos in choice[game.info.round_fill](game, shape):
                    hashes.append("%08x" % crc32(canonical(pos)))
                    if full:
                        positions.append(pos)
                    moves.append(label)
            pos = note(False)
            if new_round and (random_start or tossed):
                rounds[str(len(moves))] = {"p": pos["p"], "s": pos["s"], "t": pos["t"]}
                if tossed:
                    rounds[str(len(moves))]["o"] = pos["o"]
    except Exception as e:  # a fault of MancalaGames' engine: marked, never hidden
        end = "fault"
        error = "".join(traceback.format_exception_only(type(e), e)).strip().splitlines()[-1][:200]
    rec["moves"] = " ".join(moves)
    rec["h"] = "".join(hashes)
    rec["end"] = end
    rec["w"] = winner
    if error:
        rec["error"] = error
    if rounds:
        rec["rounds"] = rounds
    return rec, positions, shape


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("mancalagames", help="a checkout of MancalaGames (its root folder)")
    ap.add_argument("out", nargs="?", help="folder for NAME.txt and NAME.trace")
    ap.add_argument("--games", type=int, default=50, help="games a config (default 50)")
    ap.add_argument("--first", type=int, default=0, help="the first seed (default 0)")
    ap.add_argument("--cap", type=int, default=2000, help="moves a game at most (default 2000)")
    ap.add_argument("--only", nargs="*", help="only these configs (sowlab names)")
    ap.add_argument("--skip", nargs="*", default=[], help="not these configs (sowlab names)")
    ap.add_argument("--part", default="1/1",
                    help="K/N: only every N-th config from the K-th (for N processes)")
    ap.add_argument("--show", nargs=2, metavar=("NAME", "SEED"),
                    help="print one game's positions in full")
    a = ap.parse_args()
    out = os.path.abspath(a.out) if a.out else None
    mc = load_engine(a.mancalagames)
    todo = configs(mc, os.getcwd())
    if a.show:
        name, seed = a.show[0], int(a.show[1])
        for n, path, variant in todo:
            if n == name:
                rec, positions, _ = play(mc, path, variant, seed, a.cap, full=True)
                moves = ["(start)"] + rec["moves"].split()
                for i, (m, p) in enumerate(zip(moves, positions)):
                    print(i, m, json.dumps(p, separators=(",", ":")), rec["h"][8 * i:8 * i + 8])
                print("end", rec["end"], "winner", rec["w"], rec.get("error", ""))
                return
        sys.exit(f"no config named {name}")
    if not out:
        sys.exit("an output folder is needed")
    os.makedirs(out, exist_ok=True)
    k, n = (int(x) for x in a.part.split("/"))
    for i, (name, path, variant) in enumerate(todo):
        if (a.only and name not in a.only) or name in a.skip:
            continue
        if i % n != k - 1:
            continue
        try:
            game, class_name = build(mc, path, variant)
        except Exception as e:  # MancalaGames' own check rejects the config
            with open(os.path.join(out, name + ".txt"), "w") as f:
                f.write(rejected_config(mc, path, variant))
            with open(os.path.join(out, name + ".trace"), "w") as f:
                f.write(json.dumps({"config": name, "rejected": str(e).splitlines()[0][:200]}) + "\n")
            print(f"{name}: rejected by MancalaGames: {str(e).splitlines()[0][:100]}", flush=True)
            continue
        with open(os.path.join(out, name + ".txt"), "w") as f:
            f.write(config_text(game, class_name))
        shape = Shape(game)
        ends = {}
        with open(os.path.join(out, name + ".trace"), "w") as f:
            f.write(json.dumps({"config": name, "fields": shape.fields(), "games": a.games,
                                "first": a.first, "cap": a.cap}) + "\n")
            for seed in range(a.first, a.first + a.games):
                rec, _, _ = play(mc, path, variant, seed, a.cap)
                ends[rec["end"]] = ends.get(rec["end"], 0) + 1
                f.write(json.dumps(rec, separators=(",", ":")) + "\n")
        print(f"{name}: {ends}", flush=True)


def rejected_config(mc, path, variant):
    """The config of a variant MancalaGames' own check rejects, from its parameters."""
    import game_info as gi

    d = mc.read_game(path)
    if variant:
        try:
            mc.update_config_for_variant(d, variant)
        except Exception:
            pass
    info = {}
    for f in dataclasses.fields(gi.GameInfo):
        if f.name in SKIP_FIELDS or f.name not in d["game_info"]:
            continue
        default = f.default if f.default is not dataclasses.MISSING else (
            f.default_factory() if f.default_factory is not dataclasses.MISSING else None)
        v = d["game_info"][f.name]
        if plain(v) != plain(default):
            info[f.name] = plain(v)
    doc = {"game_class": d.get("game_class", "Mancala"),
           "game_constants": dict(d["game_constants"]), "game_info": info}
    return json.dumps(doc, indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    main()

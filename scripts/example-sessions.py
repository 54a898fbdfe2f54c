#!/usr/bin/env python3
"""Write example recorded sessions, in the formats a scenario replays (docs/scenario-format.md,
"Recorded sessions"), as an app's recorder would write them.

    scripts/example-sessions.py scroll OUT.csv [--seconds 60] [--rate 60] [--seed 7]
    scripts/example-sessions.py navigation OUT.csv [--seconds 300] [--seed 7]

scroll: a person reading a feed: reads (the offset still: one sample, then a gap the replay
holds), drags at a reading pace, flings that decay as UIScrollView's do (0.998 per ms), and now
and then scrolls back up; CSV `t_s,offset`, sampled at the frame clock while moving.

navigation: a person using a three-tab shop (sections home, search, cart; the product page is
reachable from each): intents, backs and a deep link; CSV `t_s,event,section,view`.

The same arguments write the same file, byte for byte (a seeded generator of its own).
"""
import argparse
import random
import sys


def scroll_session(seconds, rate, seed):
    rng = random.Random(seed)
    dt = 1.0 / rate
    rows = []
    t = 0.0
    offset = 0.0

    def sample(time, value):
        rows.append((round(time, 4), round(max(0.0, value) * 2) / 2))

    sample(t, offset)
    while t < seconds:
        action = rng.random()
        if action < 0.35:
            # Reading: the offset stays; one sample at the end of the pause (a gap before it).
            t += rng.uniform(0.8, 3.0)
            sample(t, offset)
        elif action < 0.7:
            # A drag at reading pace.
            speed = rng.uniform(250, 800)
            for _ in range(int(rng.uniform(0.5, 1.5) * rate)):
                t += dt
                offset += speed * dt
                sample(t, offset)
        elif action < 0.9:
            # A fling: the velocity decays by 0.998 per millisecond until under 20 pt/s.
            velocity = rng.uniform(2000, 6000)
            while velocity >= 20:
                t += dt
                offset += velocity * dt
                velocity *= 0.998 ** (1000 * dt)
                sample(t, offset)
        else:
            # Back up to re-read something.
            velocity = -rng.uniform(1500, 3000)
            while abs(velocity) >= 20 and offset > 0:
                t += dt
                offset = max(0.0, offset + velocity * dt)
                velocity *= 0.998 ** (1000 * dt)
                sample(t, offset)
    return rows


SECTIONS = {"home": ["feed", "product"], "search": ["results", "product"], "cart": ["product", "checkout"]}


def navigation_session(seconds, seed):
    rng = random.Random(seed)
    rows = [(0.0, "intent", "home", "feed")]
    t = 0.0
    section, view = "home", "feed"
    while True:
        t += round(rng.uniform(1.5, 12.0), 3)
        if t >= seconds:
            break
        action = rng.random()
        if action < 0.25:
            section = rng.choice(sorted(s for s in SECTIONS if s != section))
            view = SECTIONS[section][0]
            rows.append((t, "tab", section, view))
        elif action < 0.7:
            view = rng.choice(SECTIONS[section])
            rows.append((t, "intent", section, view))
        elif action < 0.95:
            rows.append((t, "back", "", ""))
        else:
            rows.append((t, "deep_link", "cart", "checkout"))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=["scroll", "navigation"])
    parser.add_argument("out")
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--rate", type=int, default=60, help="frames per second of a scroll session (60 or 120)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    if args.kind == "scroll":
        rows = scroll_session(args.seconds or 60.0, args.rate, args.seed)
        text = "t_s,offset\n" + "".join(f"{t:g},{o:g}\n" for t, o in rows)
    else:
        rows = navigation_session(args.seconds or 300.0, args.seed)
        text = "t_s,event,section,view\n" + "".join(f"{t:g},{e},{s},{v}\n" for t, e, s, v in rows)
    with open(args.out, "w", encoding="utf-8", newline="\n") as out:
        out.write(text)
    print(f"{args.out}: {len(rows)} {'samples' if args.kind == 'scroll' else 'events'}", file=sys.stderr)


if __name__ == "__main__":
    main()

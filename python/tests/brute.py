# Pure-Python brute force, written from the definitions (docs/theory.md §1, §4,
# §7) and independent of the library: the twins of the Python tests.
from functools import lru_cache


def mex(values):
    m = 0
    s = set(values)
    while m in s:
        m += 1
    return m


def kayles_options(n):
    """Options of a Kayles row of n: remove 1 or 2 adjacent pins, leaving a, b."""
    out = set()
    for take in (1, 2):
        for a in range(0, n - take + 1):
            b = n - take - a
            out.add(tuple(sorted(x for x in (a, b) if x > 0)))
    return out


@lru_cache(maxsize=None)
def kayles(n):
    return mex(_xor(kayles(p) for p in parts) for parts in kayles_options(n))


def _xor(values):
    s = 0
    for v in values:
        s ^= v
    return s


def sum_positions_options(pos):
    """pos: (kayles rows tuple, nim heaps tuple); options of the whole sum."""
    rows, heaps = pos
    for i, n in enumerate(rows):
        for parts in kayles_options(n):
            yield (tuple(sorted(rows[:i] + rows[i + 1:] + parts)), heaps)
    for i, h in enumerate(heaps):
        for k in range(h):
            yield (rows, tuple(sorted(heaps[:i] + (k,) + heaps[i + 1:])))


@lru_cache(maxsize=None)
def mover_wins(pos, misere):
    options = list(sum_positions_options(pos))
    if not options:
        return misere
    return any(not mover_wins(o, misere) for o in options)


def nim_product(x, y, half=32):
    """Conway's nim product, by the Fermat 2-powers F = 2^half: F ⊗ F = F ⊕ F/2."""
    if x < 2 or y < 2:
        return x * y
    while half > 1 and x < (1 << half) and y < (1 << half):
        half //= 2
    low = (1 << half) - 1
    a, b, c, d = x >> half, x & low, y >> half, y & low
    ac = nim_product(a, c, half)
    bd = nim_product(b, d, half)
    cross = nim_product(a ^ b, c ^ d, half) ^ ac ^ bd
    return ((ac ^ cross) << half) ^ nim_product(ac, 1 << (half - 1), half) ^ bd


def label_digraph(n, followers, misere=False):
    """Win/loss/draw of a token on each vertex of a digraph (retrograde)."""
    label = [None] * n
    changed = True
    while changed:
        changed = False
        for u in range(n):
            if label[u] is not None:
                continue
            opts = followers[u]
            if not opts:
                label[u] = "N" if misere else "P"
            elif any(label[v] == "P" for v in opts):
                label[u] = "N"
            elif all(label[v] == "N" for v in opts):
                label[u] = "P"
            else:
                continue
            changed = True
    return ["D" if x is None else x for x in label]


def label_game(root, options, misere=False):
    """Win/loss/draw ("N"/"P"/"D") of the mover at `root` in any game given by
    its options function (cycles allowed): every position reachable is
    explored, then labelled backwards from the positions without a move."""
    seen = {root: None}
    order = [root]
    follow = {}
    for p in order:
        follow[p] = list(dict.fromkeys(options(p)))
        for q in follow[p]:
            if q not in seen:
                seen[q] = None
                order.append(q)
    label = dict(seen)
    changed = True
    while changed:
        changed = False
        for u in order:
            if label[u] is not None:
                continue
            opts = follow[u]
            if not opts:
                label[u] = "N" if misere else "P"
            elif any(label[v] == "P" for v in opts):
                label[u] = "N"
            elif all(label[v] == "N" for v in opts):
                label[u] = "P"
            else:
                continue
            changed = True
    return "D" if label[root] is None else label[root]


def sum_options(component_options):
    """Options of a disjunctive sum (a tuple of components): move in one."""
    def options(pos):
        for i, c in enumerate(pos):
            for o in component_options[i](c):
                yield pos[:i] + (o,) + pos[i + 1:]
    return options


def every_options(component_options, conjunctive):
    """Options of the Every-SG (continued conjunctive) or the conjunctive
    compound (Winning Ways ch. 9): move in every component that can move;
    the conjunctive compound has no move once some component has none."""
    def options(pos):
        lists = [list(component_options[i](c)) for i, c in enumerate(pos)]
        if conjunctive and any(not opts for opts in lists):
            return
        if not any(lists):
            return
        choices = [opts if opts else [c] for opts, c in zip(lists, pos)]

        def product(i):
            if i == len(choices):
                yield ()
                return
            for o in choices[i]:
                for rest in product(i + 1):
                    yield (o,) + rest
        yield from product(0)
    return options


def partitions(m, low=1):
    """Every non-decreasing tuple of parts >= low summing to m."""
    if m == 0:
        yield ()
        return
    for a in range(low, m + 1):
        for rest in partitions(m - a, a):
            yield (a,) + rest


@lru_cache(maxsize=None)
def remove_one_split_two_or_more(n):
    """G(n) of the code 0.{2+}: remove one token, leave the rest in two heaps or more."""
    if n < 3:
        return 0
    return mex(_xor(remove_one_split_two_or_more(p) for p in parts)
               for parts in partitions(n - 1) if len(parts) >= 2)

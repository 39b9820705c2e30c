#!/usr/bin/python3
"""The web explorer in a real browser (ctest label `web`, docs/web.md).

Serves the built site (tools/web build: build-web/site) on 127.0.0.1 on a free
port, drives headless Chromium with Selenium, and checks the page against the
`grundy` command's JSON for the same input:

- Analyse: `kayles 5 + nim 3` in normal and misère play, `0.{2+} 9 + nim 3`,
  a Wythoff position at 10^12, Every-SG `kayles 3 4`, and stepping into a
  winning move;
- Play: a game of Nim from a P-position, played to the end against the
  computer, and lost; undo; Every-SG and conjunctive `kayles 3 4` won by
  following the hints, each turn against the command's analysis; a typed
  move in `nim 1000 1000` (more moves than the list shows), with the
  command's complaint for a move that cannot be made; misère
  `0.137 40 50 60`, past the page's search limit: the turn shows '?'
  and Hint says so (the hint binding gives the search's refusal too);
- Sequence: G(0..10^5) of 0.6 computed in the Web Worker while the page
  keeps answering, equal to `grundy values 0.6`; the proven period of 0.16;
- Explain and Graph against the command's analysis and graph values;
- bad input in each field: the command's one-line message next to the field,
  and the page still working afterwards;
- a shared URL restores its view; every control has a label.

With --screenshots DIR it saves the pictures docs/web.md shows
(tools/web screenshots). Run by hand:
  /usr/bin/python3 tests/web/browser_test.py --site build-web/site --grundy build/grundy
"""
import argparse
import functools
import http.server
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

failures = []


# Seconds between two looks at the page while waiting for it: WebDriverWait's
# default, half a second, left the test idle most of its minute (the page
# answers most questions in milliseconds, and the test waits after every
# click).
POLL = 0.02


def check(condition, what):
    if condition:
        print(f"ok: {what}")
    else:
        print(f"FAILED: {what}")
        failures.append(what)


def cli_json(grundy, *args):
    out = subprocess.run([grundy, *args, "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def cli_error(grundy, *args):
    """The one line the command prints for bad input, without its prefix."""
    out = subprocess.run([grundy, *args], capture_output=True, text=True)
    assert out.returncode == 2, (args, out.returncode, out.stderr)
    return out.stderr.strip().removeprefix("grundy: error: ")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".js": "text/javascript"}

    def log_message(self, *args):
        pass


def serve(site):
    handler = functools.partial(QuietHandler, directory=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)  # port 0: a free one
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser(width, height):
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                f"--window-size={width},{height}"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


class Page:
    def __init__(self, driver, base):
        self.d = driver
        self.base = base

    def open(self, fragment=""):
        self.d.get("about:blank")  # a new document, even when only the fragment differs
        self.d.get(self.base + ("#" + fragment if fragment else ""))
        WebDriverWait(self.d, 60, poll_frequency=POLL).until(
            lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
        self.settle()

    def by_id(self, id_):
        return self.d.find_element(By.ID, id_)

    def settle(self, timeout=300):
        """Waits until the page has no question under way in its worker."""
        WebDriverWait(self.d, timeout, poll_frequency=POLL).until(
            lambda d: d.execute_script("return document.body.dataset.busy === '0'"))

    def press(self, element):
        element.click()
        self.settle()

    def tab(self, view):
        self.press(self.by_id("tab-" + view))

    def fill(self, id_, text):
        field = self.by_id(id_)
        field.clear()
        if len(text) > 200:  # typed key by key, 10,000 characters take a minute
            self.d.execute_script("arguments[0].value = arguments[1]", field, text)
        else:
            field.send_keys(text)

    def error(self, field):
        return self.by_id(field + "-error").text

    def analyse(self, game, convention):
        self.tab("analyse")
        self.fill("analyse-game", game)
        Select(self.by_id("analyse-convention")).select_by_value(convention)
        self.press(self.by_id("analyse-form").find_element(By.CSS_SELECTOR, "button[type=submit]"))
        return self.result("analyse-result")

    def result(self, id_):
        """The outcome letter, the facts (dt -> dd) and the moves listed."""
        root = self.by_id(id_)
        outcome = root.find_elements(By.CSS_SELECTOR, ".outcome")
        facts = {}
        dts = root.find_elements(By.CSS_SELECTOR, "dl.facts dt")
        dds = root.find_elements(By.CSS_SELECTOR, "dl.facts dd")
        for dt, dd in zip(dts, dds):
            facts[dt.text] = dd.text
        moves = [li.get_attribute("data-description") for li in root.find_elements(By.CSS_SELECTOR, "ul.moves li")]
        letter = outcome[0].get_attribute("class").split()[-1] if outcome else None
        return {"outcome": letter, "facts": facts, "moves": moves}

    def shot(self, directory, name, width=1200, mobile=False):
        """The whole page (up to 2400 pixels high) as DIRECTORY/NAME."""
        if not directory:
            return
        os.makedirs(directory, exist_ok=True)
        self.d.execute_script("window.scrollTo(0, 0)")
        metrics = {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": mobile}
        self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
        height = self.d.execute_script("return document.documentElement.scrollHeight")
        metrics["height"] = min(2400, height)
        self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
        self.d.save_screenshot(os.path.join(directory, name))
        self.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def numbers(text):
    return [int(x) for x in text.split()]


def test_analyse(page, grundy):
    for convention, flag in (("normal", []), ("misere", ["--misere"])):
        want = cli_json(grundy, "analyze", "kayles", "5", "+", "nim", "3", *flag)
        got = page.analyse("kayles 5 + nim 3", convention)
        check(got["outcome"] == want["outcome"], f"kayles 5 + nim 3 {convention}: outcome {want['outcome']}")
        value = got["facts"].get("Value", "")
        if want["value"] is None:
            check(value.startswith("none"), f"kayles 5 + nim 3 {convention}: no value")
        else:
            check(value == str(want["value"]), f"kayles 5 + nim 3 {convention}: value {want['value']}")
        if want["heap_values"] is not None:
            check(numbers(got["facts"].get("Component values", "")) == want["heap_values"],
                  f"kayles 5 + nim 3 {convention}: component values {want['heap_values']}")
        check(got["moves"] == [m["description"] for m in want["winning_moves"]],
              f"kayles 5 + nim 3 {convention}: winning moves {[m['description'] for m in want['winning_moves']]}")

    # Wythoff's game at 10^12: the closed form (Wythoff 1907), exact.
    for heaps in (["1000000000000", "1618033988749"], ["1618033988749", "2618033988749"]):
        want = cli_json(grundy, "analyze", "wythoff", *heaps)
        got = page.analyse("wythoff " + " ".join(heaps), "normal")
        check(got["outcome"] == want["outcome"], f"wythoff {' '.join(heaps)}: outcome {want['outcome']}")
        check(got["moves"] == [m["description"] for m in want["winning_moves"]],
              f"wythoff {' '.join(heaps)}: winning moves as the command's")

    # CGSuite's wider digit {2+} (two heaps or more): its '+' is the code's,
    # not a sum's; the moves leave many heaps.
    want = cli_json(grundy, "analyze", "0.{2+}", "9", "+", "nim", "3")
    got = page.analyse("0.{2+} 9 + nim 3", "normal")
    check(got["facts"].get("Value", "") == str(want["value"]),
          f"0.{{2+}} 9 + nim 3: value {want['value']}")
    check(got["moves"] == [m["description"] for m in want["winning_moves"]],
          "0.{2+} 9 + nim 3: winning moves as the command's")

    want = cli_json(grundy, "analyze", "kayles", "3", "4", "--every")
    got = page.analyse("kayles 3 4", "every")
    check(got["outcome"] == want["outcome"], f"Every-SG kayles 3 4: outcome {want['outcome']}")
    check(numbers(got["facts"].get("Suspense numbers", "")) == want["suspense"],
          f"Every-SG kayles 3 4: suspense {want['suspense']}")
    check(got["moves"] == [m["description"] for m in want["winning_moves"]], "Every-SG kayles 3 4: the move")

    want = cli_json(grundy, "analyze", "nim", "3", "4", "5", "--remoteness")
    got = page.analyse("nim 3 4 5", "remoteness")
    check(got["facts"].get("Remoteness") == str(want["remoteness"]), f"nim 3 4 5: remoteness {want['remoteness']}")

    # A winning move is a button that steps into the position after it.
    want = cli_json(grundy, "analyze", "nim", "3", "4", "5")
    after = "nim " + " ".join(map(str, want["winning_moves"][0]["position"]))
    page.analyse("nim 3 4 5", "normal")
    page.press(page.by_id("analyse-result").find_element(By.CSS_SELECTOR, "ul.moves button"))
    check(page.by_id("analyse-game").get_attribute("value") == after, f"a winning move steps into {after}")
    check(page.result("analyse-result")["outcome"] == "P", f"{after} is a P-position")
    check("game=" + after.replace(" ", "+") in page.d.current_url, "the URL follows the position")


def test_play(page, shots):
    page.tab("play")
    page.fill("play-game", "nim 1 2 3")  # a P-position: the player to move loses
    Select(page.by_id("play-convention")).select_by_value("normal")
    Select(page.by_id("play-first")).select_by_value("you")
    page.press(page.by_id("play-form").find_element(By.CSS_SELECTOR, "button[type=submit]"))
    check("computer wins" in page.by_id("play-prediction").text, "Play: the prediction says the computer wins")
    page.press(page.by_id("play-hint"))
    check("No winning move" in page.by_id("play-hint-text").text, "Play: the hint says there is no winning move")
    turns = 0
    while page.by_id("play-move").is_enabled() and turns < 20:
        Select(page.by_id("play-moves")).select_by_index(0)
        page.press(page.by_id("play-move"))
        turns += 1
        if turns == 1:
            page.press(page.by_id("play-undo"))
            check(len(page.by_id("play-history").find_elements(By.CSS_SELECTOR, "tbody tr")) == 1,
                  "Play: undo goes back to the start")
            Select(page.by_id("play-moves")).select_by_index(0)
            page.press(page.by_id("play-move"))
        if turns == 2:
            page.shot(shots, "web-play.png")
    status = page.by_id("play-status").text
    check("You lose" in status, f"Play: Nim played to the end is lost against perfect play ({status!r})")
    rows = page.by_id("play-history").find_elements(By.CSS_SELECTOR, "tbody tr")
    outcomes = [r.find_elements(By.TAG_NAME, "td")[3].text for r in rows]
    movers = [r.find_elements(By.TAG_NAME, "td")[1].text for r in rows]
    # After every move of the computer the player faces a P-position.
    check(all(o == "P" for o, m in zip(outcomes, movers) if m == "you"),
          "Play: the computer always leaves a P-position")
    check(len(page.by_id("play-chart").find_elements(By.TAG_NAME, "circle")) == len(rows),
          "Play: the value history has a point per turn")


def cli_play_says(grundy, args, line):
    """What `grundy play ARGS` answers to the typed LINE: the line it prints
    after the prompt."""
    out = subprocess.run([grundy, "play", *args], input=line + "\nquit\n", capture_output=True,
                         text=True, check=True, timeout=120).stdout
    return out.split("> ")[1].splitlines()[0]


def new_game(page, game, convention, first="you"):
    page.tab("play")
    page.fill("play-game", game)
    Select(page.by_id("play-convention")).select_by_value(convention)
    Select(page.by_id("play-first")).select_by_value(first)
    page.press(page.by_id("play-form").find_element(By.CSS_SELECTOR, "button[type=submit]"))


def play_typed(page, text):
    page.fill("play-typed", text)
    page.press(page.by_id("play-typed-go"))


def history_rows(page):
    # The page redraws the table as a turn comes back: a row found before a
    # redraw is gone by the time its cells are read (a stale element). Read
    # the whole table again then; it settles within the turn's time.
    for _ in range(500):
        try:
            rows = page.by_id("play-history").find_elements(By.CSS_SELECTOR, "tbody tr")
            return [[td.text for td in r.find_elements(By.TAG_NAME, "td")] for r in rows]
        except StaleElementReferenceException:
            time.sleep(POLL)
    raise AssertionError("Play: the history table kept being redrawn for 10 s")


def test_play_compounds(page, grundy, shots):
    """Every-SG and conjunctive play of kayles 3 4: each turn's outcome and
    count of moves left (the largest suspense; the least remoteness) as the
    command's analysis gives them, the hints followed to a win, the
    per-component move syntax and its complaint as `grundy play` has it."""
    for convention, flag, key, pick in (("every", "--every", "suspense", max),
                                        ("conjunctive", "--conjunctive", "remoteness", min)):
        want = cli_json(grundy, "analyze", "kayles", "3", "4", flag)
        new_game(page, "kayles 3 4", convention)
        count = pick(want[key])
        check(re.search(rf"\b{count} (more moves|moves in all)", page.by_id("play-prediction").text) and want["outcome"] == "N",
              f"Play {convention} kayles 3 4: the prediction counts {count} moves "
              f"({page.by_id('play-prediction').text!r})")
        if convention == "every":
            bad = cli_play_says(grundy, ["kayles", "3", "4", "--every"], "to 1 1 | 7")
            play_typed(page, "to 1 1 | 7")
            check(page.error("play-typed") == bad, f"Play every: a bad typed move says {bad!r} "
                                                   f"(page: {page.error('play-typed')!r})")
            page.press(page.by_id("play-hint"))
            hint = page.by_id("play-hint-text").text
            check(want["winning_moves"][0]["description"] in hint, f"Play every: the hint is the command's move ({hint!r})")
            play_typed(page, hint.split(" → ")[-1])  # the position after the hinted move, as shown
        else:
            # One move per component: the command's winning move, typed with '|'.
            after = " | ".join(" ".join(map(str, c)) for c in want["winning_moves"][0]["position"])
            play_typed(page, "to " + after)
        if convention == "every":
            page.shot(shots, "web-play-every.png")
        turns = 0
        while page.by_id("play-typed").is_enabled() and turns < 10:
            page.press(page.by_id("play-hint"))
            play_typed(page, page.by_id("play-hint-text").text.split(" → ")[-1])
            turns += 1
        status = page.by_id("play-status").text
        check("You win" in status, f"Play {convention} kayles 3 4: the hints win the game ({status!r})")
        rows = history_rows(page)
        agree = True
        for row in rows:
            got = cli_json(grundy, "analyze", *row[2].split(), flag)
            if got["outcome"] != row[3] or (got[key] and str(pick(got[key])) != row[5]):
                agree = False
                print(f"  {row} against {got}")
        check(agree and len(rows) >= 3, f"Play {convention}: every turn's outcome and {key} as the command's ({len(rows)} turns)")
        check(page.by_id("play-count-head").text == ("Suspense" if convention == "every" else "Remoteness"),
              f"Play {convention}: the table names its count")


def test_play_misere_length(page, grundy):
    """Misère play's prediction counts the moves of the game, not the
    remoteness: misère nim 1 1 has remoteness 3 (a position without moves
    counts 1) and ends after 2 moves, 1 of them the winner's; the counts are
    the command's (`analyze --remoteness --json`: moves_left, winner_moves)."""
    for game, convention, flag in (("nim 1 1", "misere", ["--misere"]), ("nim 2 2 3", "misere", ["--misere"]),
                                   ("nim 2 2 3", "normal", [])):
        want = cli_json(grundy, "analyze", *game.split(), "--remoteness", *flag)
        new_game(page, game, convention)
        text = page.by_id("play-prediction").text
        moves, winner = want["moves_left"], want["winner_moves"]
        plural = lambda n: f"{n} move{'' if n == 1 else 's'}"
        expected = (f"{plural(winner)} of your own ({plural(moves)} in all)" if want["outcome"] == "N"
                    else f"lasts at most {moves} more move{'' if moves == 1 else 's'}")
        check(expected in text, f"Play {convention} {game}: the prediction says {expected!r} ({text!r})")
    check(cli_json(grundy, "analyze", "nim", "1", "1", "--remoteness", "--misere")["moves_left"] == 2,
          "misère nim 1 1 lasts 2 moves (take one heap, the opponent takes the other)")


def test_notation(page, grundy):
    """The page writes what the command writes: the position with its game
    in every convention, kayles as "kayles (0.77)", γ as ∞{K} (test_graph),
    and an unknown ruleset points to the page's own list of rulesets, not to
    a command the reader of a web page may not have."""
    for convention in ("remoteness", "misere-remoteness", "every", "conjunctive", "normal"):
        got = page.analyse("nim 3 5", convention)
        check(got["facts"].get("Position") == "nim 3 5",
              f"Analyse {convention}: the position is shown with its game ({got['facts'].get('Position')!r})")
    heading = subprocess.run([grundy, "period", "kayles"], capture_output=True, text=True, check=True).stdout
    page.tab("sequence")
    page.fill("sequence-ruleset", "kayles")
    page.fill("sequence-to", "1000")
    page.press(page.by_id("sequence-period"))
    WebDriverWait(page.d, 60, poll_frequency=POLL).until(
        lambda d: not d.find_element(By.ID, "sequence-period").get_attribute("disabled"))
    facts = page.result("sequence-period-result")["facts"]
    check(heading.startswith(facts.get("Ruleset", "?") + ":") and facts.get("Ruleset") == "kayles (0.77)",
          f"Sequence: the period's ruleset is named as `grundy period kayles` names it ({facts.get('Ruleset')!r})")
    page.analyse("kayle 3", "normal")
    message = page.error("analyse-game")
    listed = page.d.execute_script("return document.querySelectorAll('#rulesets-table tbody tr').length")
    check("grundy help" not in message and "the list of rulesets" in message and listed >= 10,
          f"an unknown ruleset points to the page's list of rulesets ({message!r}; {listed} rows)")
    check(cli_error(grundy, "analyze", "kayle", "3").endswith("see 'grundy help rulesets')"),
          "the command points to its own help")


def test_study(page, grundy):
    """What a student checking an SG table needs: every option of the
    position with its value and outcome, as `grundy analyze --options` gives
    them, sortable, with their mex; each option a step into it that the
    browser's Back undoes; and a turn of Play's history that can be returned
    to, each move a history entry."""
    for game, convention, flag in (("kayles 5 + nim 3", "normal", []), ("kayles 5 + nim 3", "misere", ["--misere"])):
        want = cli_json(grundy, "analyze", *game.split(), "--options", *flag)
        page.analyse(game, convention)
        rows = page.d.find_elements(By.CSS_SELECTOR, "#analyse-options tbody tr")
        got = [[td.text for td in r.find_elements(By.TAG_NAME, "td")] for r in rows]
        expected = [[o["description"], None] + ([] if flag else [str(o["value"])]) + [o["outcome"]]
                    for o in want["options"]]
        check([[g[0]] + g[2:] for g in got] == [[e[0]] + e[2:] for e in expected] and len(got) == 8,
              f"Analyse {convention} {game}: every option with its value and outcome as `analyze --options` ({got})")
        if not flag:
            mex = page.by_id("analyse-mex").find_element(By.CSS_SELECTOR, ".mex").text
            check(mex == str(want["options_mex"]) == str(want["value"]),
                  f"Analyse: the mex of the options' values is the value ({mex})")
            # Sorted by value: ascending, then descending.
            page.by_id("analyse-options").find_element(By.CSS_SELECTOR, "th[data-key=value] button").click()
            values = [int(r.find_elements(By.TAG_NAME, "td")[2].text)
                      for r in page.d.find_elements(By.CSS_SELECTOR, "#analyse-options tbody tr")]
            check(values == sorted(values) and len(values) == 8, f"Analyse: the options sort by value ({values})")
    # Step into an option, then Back: the page returns to where it was.
    page.analyse("kayles 5 + nim 3", "normal")
    before = page.d.current_url
    first = page.d.find_element(By.CSS_SELECTOR, "#analyse-options tbody tr")
    after = first.find_elements(By.TAG_NAME, "td")[1].text
    page.press(first.find_element(By.TAG_NAME, "button"))
    check(page.by_id("analyse-game").get_attribute("value") == after and page.d.current_url != before,
          f"Analyse: an option steps into {after!r}, with a URL of its own")
    page.d.back()
    WebDriverWait(page.d, 30, poll_frequency=POLL).until(
        lambda d: d.find_element(By.ID, "analyse-game").get_attribute("value") == "kayles 5 + nim 3")
    page.settle()
    check(page.d.current_url == before and len(page.d.find_elements(By.CSS_SELECTOR, "#analyse-options tbody tr")) == 8,
          "Analyse: the browser's Back returns to the position before the step")
    # Play: two moves, then a click on the first turn returns to it; Back
    # brings the moves again.
    new_game(page, "nim 3 4 5", "normal")
    for _ in range(2):
        Select(page.by_id("play-moves")).select_by_index(0)
        page.press(page.by_id("play-move"))
    played = history_rows(page)
    check(len(played) == 5, f"Play: two moves and the computer's replies ({len(played)} turns)")
    page.press(page.by_id("play-history").find_element(By.CSS_SELECTOR, "tbody tr button"))
    check(len(history_rows(page)) == 1 and "move=" not in page.d.current_url,
          f"Play: clicking the first turn returns to it ({len(history_rows(page))} turns)")
    page.d.back()
    WebDriverWait(page.d, 30, poll_frequency=POLL).until(lambda d: len(history_rows(page)) == 5)
    page.settle()
    check([r[2] for r in history_rows(page)] == [r[2] for r in played], "Play: Back brings the game back")
    page.d.back()
    WebDriverWait(page.d, 30, poll_frequency=POLL).until(lambda d: len(history_rows(page)) == 3)
    check(len(history_rows(page)) == 3, "Play: Back again undoes the last move")


def test_play_many_moves(page, grundy):
    """nim 1000 1000 has 2000 moves: the list shows 500, a typed move plays
    any of them (the command's syntax and messages), and the page's thread
    keeps answering meanwhile."""
    new_game(page, "nim 1000 1000", "normal")
    listed = len(page.by_id("play-moves").find_elements(By.TAG_NAME, "option"))
    check(listed == 500 and "type any move" in page.by_id("play-more").text,
          f"Play nim 1000 1000: 500 moves listed, and the note says to type the others ({listed})")
    # (a small search limit: the command would first spend minutes on its prediction)
    bad = cli_play_says(grundy, ["nim", "1000", "1000", "--search-limit", "1000"], "to 1000 3000")
    play_typed(page, "to 1000 3000")
    check(page.error("play-typed") == bad, f"Play: a move that cannot be made says {bad!r} (page: {page.error('play-typed')!r})")
    page.d.execute_script("""
      window.beat = {last: performance.now(), gap: 0};
      window.beat.timer = setInterval(() => {
        const now = performance.now(); beat.gap = Math.max(beat.gap, now - beat.last); beat.last = now;
      }, 10);""")
    play_typed(page, "to 1000 3")  # beyond the list: take 997 from a heap
    beat = page.d.execute_script("clearInterval(beat.timer); return beat")
    rows = history_rows(page)
    check(len(rows) == 3 and rows[1][2] == "nim 3 1000" and page.error("play-typed") == "",
          f"Play: the typed move 'to 1000 3' is played ({[r[2] for r in rows]})")
    want = cli_json(grundy, "analyze", *rows[2][2].split())
    check(want["outcome"] == "P" == rows[2][3], f"Play: the computer's reply {rows[2][2]} is a P-position, as the command says")
    check(beat["gap"] < 1000, f"Play: the page stayed responsive (longest gap {beat['gap']:.0f} ms)")
    # The URL keeps the typed moves: a shared link replays the game.
    page.open(page.d.current_url.split("#", 1)[1])
    check([r[2] for r in history_rows(page)] == [r[2] for r in rows], "Play: a shared URL replays the game")


def test_play_hint_limit(page):
    """Misère 0.137 40 50 60 needs more than the page's search limit (no
    misère quotient the page computes covers heaps this large, and the
    exhaustive search would run for minutes): the turn shows '?', Hint says
    at once that it has no hint, and the hint binding itself ends with the
    library's refusal (the work its limit allows, `grundy play`'s default)
    instead of searching on."""
    new_game(page, "0.137 40 50 60", "misere")
    rows = history_rows(page)
    check(len(rows) == 1 and rows[0][3] == "?", f"Play misère 0.137 40 50 60: the turn shows '?' ({rows})")
    start = time.monotonic()
    page.press(page.by_id("play-hint"))
    hint = page.by_id("play-hint-text").text
    check(hint.startswith("No hint") and time.monotonic() - start < 10,
          f"Play: past the budget the hint says so at once ({hint!r})")
    page.d.set_script_timeout(300)
    got = page.d.execute_async_script("""
      const done = arguments[arguments.length - 1];
      call("hint", "0.137 40 50 60", "misere").then(done, (e) => done({error: e.message}));""")
    check(got.get("outcome") == "?" and "steps of work" in got.get("note", "")
          and "1000000 positions" in got.get("note", ""),
          f"Play: the hint's search is refused at the page's limit ({got})")


def downloaded_csv(page):
    """The CSV the Sequence view's download link gives (its blob, fetched in
    the page)."""
    page.by_id("values-csv").click()
    page.d.set_script_timeout(60)
    return page.d.execute_async_script("""
      const done = arguments[arguments.length - 1];
      fetch(document.getElementById('values-csv').href).then((r) => r.text()).then(done, (e) => done(String(e)));""")


def test_sequence(page, grundy, shots):
    page.tab("sequence")
    page.fill("sequence-ruleset", "0.6")
    page.fill("sequence-to", "100000")
    # A heartbeat on the page's thread: the longest gap between its ticks
    # while the worker computes (until the last value arrives, before the
    # page draws them) says whether the page stayed responsive.
    page.d.execute_script("""
      window.beat = {last: performance.now(), gap: 0, ticks: 0};
      window.beat.timer = setInterval(() => {
        if (seq.values.length > 100000) return;
        const now = performance.now();
        beat.gap = Math.max(beat.gap, now - beat.last); beat.last = now; beat.ticks += 1;
      }, 10);""")
    page.press(page.by_id("sequence-go"))
    start = time.monotonic()
    while time.monotonic() - start < 300:
        status = page.d.execute_script("return document.getElementById('sequence-status').textContent")
        if status.startswith("Done") or "Stopped" in status:
            break
        time.sleep(0.02)
    beat = page.d.execute_script("clearInterval(beat.timer); return beat")
    seconds = time.monotonic() - start
    check(status.startswith("Done"), f"Sequence: G(0..100000) of 0.6 computed ({status!r}, {seconds:.2f} s)")
    check(beat["gap"] < 1000, f"Sequence: the page's thread was never blocked for long while the worker ran "
                              f"(longest gap {beat['gap']:.0f} ms, {beat['ticks']} ticks)")
    reports = page.d.execute_script("return seq.progressCount")
    check(reports >= 20, f"Sequence: the worker reported its progress ({reports} times)")
    values = page.d.execute_script("return seq.values")
    want = cli_json(grundy, "values", "0.6", "--to", "100000")["values"]
    check(values == want, "Sequence: the worker's G(0..100000) of 0.6 equals `grundy values 0.6`")
    # The values as a table, a page at a time, and the whole as a CSV file
    # equal to `grundy values 0.6 --to 100000 --csv`.
    cells = lambda: page.d.execute_script(
        "return [...document.querySelectorAll('#values-table tbody td')].map((td) => td.textContent)")
    check(cells()[:200] == [str(v) for v in want[:200]], "Sequence: the first page of the table is G(0..199)")
    page.by_id("values-next").click()
    check(cells() == [str(v) for v in want[200:400]], "Sequence: Next shows G(200..399)")
    page.fill("values-at", "99995")
    page.by_id("values-go").click()
    check(cells()[:6] == [str(v) for v in want[99990:99996]] and
          page.by_id("values-next").get_attribute("disabled") is not None,
          f"Sequence: 'From n =' 99995 shows the last page ({cells()[:6]})")
    csv = downloaded_csv(page)
    cli_csv = subprocess.run([grundy, "values", "0.6", "--to", "100000", "--csv"], capture_output=True,
                             text=True, check=True).stdout
    check(csv == cli_csv, f"Sequence: the CSV download is `grundy values 0.6 --to 100000 --csv` ({len(csv)} characters)")

    # "Find the period" searches within the "Up to" field, as `grundy
    # period --max` does: 0.16's period (preperiod 105351) is not seen in
    # G(0..1000), and is proven in G(0..10^6).
    def find_period(ruleset, to):
        page.fill("sequence-ruleset", ruleset)
        page.fill("sequence-to", to)
        page.press(page.by_id("sequence-period"))
        WebDriverWait(page.d, 600, poll_frequency=POLL).until(
            lambda d: not d.find_element(By.ID, "sequence-period").get_attribute("disabled"))
        return page.result("sequence-period-result")["facts"]

    facts = find_period("0.16", "1000")
    want = cli_json(grundy, "period", "0.16", "--max", "1000")
    check(facts.get("Period") == "none found" and want["period"] is None
          and facts.get("Values examined") == str(want["checked_to"]),
          f"Sequence: Find the period within Up to 1000 examines what `grundy period 0.16 --max 1000` does ({facts})")
    facts = find_period("0.16", "1000000")
    want = cli_json(grundy, "period", "0.16", "--max", "1000000")
    check(facts.get("Period") == str(want["period"]) and facts.get("Preperiod") == str(want["preperiod"]),
          f"Sequence: 0.16 has period {want['period']} from {want['preperiod']} ({facts})")
    check(facts.get("Status", "").startswith("proven") and want["proven"], "Sequence: the period of 0.16 is proven")
    # The page words the period as the command does (periodicity_certificate):
    # the same text, where the page once said "observed up to n = checked_to",
    # one past the last value examined.
    check(facts.get("Status") == want["periodicity"]["certificate"] if "periodicity" in want
          else facts.get("Status") == want["certificate"],
          f"Sequence: the page's status is the command's certificate ({facts.get('Status')!r})")
    check("preperiod 105351" in page.by_id("sequence-plot").get_attribute("aria-label").lower(),
          "Sequence: the plot marks the preperiod")
    page.shot(shots, "web-sequence.png")

    # Cancel: a long run stops at once, says how far it got, and shows
    # nothing of the run before it (here 0.16's plot and period).
    def cancel_after_progress(button):
        page.press(page.by_id(button))
        WebDriverWait(page.d, 60, poll_frequency=POLL).until(lambda d: d.execute_script("return seq.reached > 0"))
        page.press(page.by_id("sequence-cancel"))
        status = page.by_id("sequence-status").text
        reached = page.d.execute_script("return seq.reached")
        return status, reached, page.by_id("sequence-plot-caption").text

    page.fill("sequence-ruleset", "0.6")
    page.fill("sequence-to", "20000000")
    status, reached, caption = cancel_after_progress("sequence-go")
    check(status.startswith(f"Cancelled at n = {reached}") and reached > 0,
          f"Sequence: cancel stops the values where they were ({status!r})")
    check("0.16" not in caption and "Cancelled" in caption
          and page.by_id("sequence-period-result").text == "",
          f"Sequence: after a cancel the previous run's plot and period are gone ({caption!r})")
    status, reached, caption = cancel_after_progress("sequence-period")
    check(status.startswith(f"Cancelled at n = {reached}") and reached > 0,
          f"Sequence: a cancelled period search says how far it had computed ({status!r})")
    check("0.16" not in caption, f"Sequence: and its plot shows no earlier run ({caption!r})")


def test_explain(page, grundy, shots):
    page.tab("explain")
    page.fill("explain-game", "kayles 5 + nim 3")
    page.press(page.by_id("explain-form").find_element(By.CSS_SELECTOR, "button[type=submit]"))
    root = page.by_id("explain-result")
    text = root.find_element(By.TAG_NAME, "pre").text
    cli = subprocess.run([grundy, "analyze", "kayles", "5", "+", "nim", "3", "--explain"],
                         capture_output=True, text=True, check=True).stdout
    page_lines = [l.strip() for l in text.splitlines() if l.strip()]
    cli_lines = [l.strip() for l in cli.splitlines() if l.strip()]
    k = len(page_lines)
    check(k > 0 and any(cli_lines[i:i + k] == page_lines for i in range(len(cli_lines))),
          "Explain: the words are those of `grundy analyze --explain`")
    mex = root.find_element(By.CSS_SELECTOR, ".mex").text
    check(mex == "4", "Explain: the mex of Kayles 5's options is G(5) = 4")
    nim_sum_row = root.find_element(By.CSS_SELECTOR, "table.bits tr.sum").text
    check(nim_sum_row.split()[:2] == ["nim-sum", "7"], f"Explain: the nim-sum is 4 xor 3 = 7 ({nim_sum_row!r})")
    # The option table is the command's (--explain's "leaves  value" rows),
    # with ⊕ for xor: "G(1) ⊕ G(3) = 1 ⊕ 3 = 2", never the chain
    # "G(1) = 1 ⊕ G(3) = 3", which reads as false.
    kayles = subprocess.run([grundy, "analyze", "kayles", "5", "--explain"],
                            capture_output=True, text=True, check=True).stdout
    cli_rows = {}
    for line in kayles.split("leaves  value", 1)[1].split("\n\n", 1)[0].splitlines()[1:]:
        leaves, value = re.split(r"\s{2,}", line.strip(), maxsplit=1)
        cli_rows[leaves] = value.replace("xor", "⊕")
    page_rows = {}
    for tr in root.find_elements(By.CSS_SELECTOR, "table.mex-table tbody tr"):
        cells = [td.text for td in tr.find_elements(By.TAG_NAME, "td")]
        page_rows[cells[0]] = cells[1]
    check(page_rows == cli_rows and len(page_rows) == 5,
          f"Explain: the options of kayles 5 and their values as `--explain` gives them ({page_rows})")
    check(not any(re.search(r"= \d+ ⊕ G\(", v) for v in page_rows.values()),
          "Explain: no option's value reads as a false chain of equalities")
    caption = root.find_element(By.CSS_SELECTOR, "table.mex-table caption").text
    check(caption.startswith("kayles (0.77):"), f"Explain: the table names kayles as the command does ({caption!r})")
    # Who wins comes first: the nim-sum before the mex tables.
    order = page.d.execute_script("""
      const r = document.getElementById('explain-result');
      const bits = r.querySelector('table.bits'), mex = r.querySelector('table.mex-table');
      return bits.compareDocumentPosition(mex) & Node.DOCUMENT_POSITION_FOLLOWING ? 'bits first' : 'mex first';""")
    check(order == "bits first", f"Explain: the nim-sum table comes before the mex tables ({order})")
    page.shot(shots, "web-explain.png")
    # Nim: no table of trivial mexes before the binary columns that decide it.
    page.fill("explain-game", "nim 14 21 39")
    page.press(page.by_id("explain-form").find_element(By.CSS_SELECTOR, "button[type=submit]"))
    root = page.by_id("explain-result")
    tables = [t.get_attribute("class") for t in root.find_elements(By.TAG_NAME, "table")]
    check(tables == ["bits"], f"Explain nim 14 21 39: the binary columns alone, no mex tables ({tables})")


def test_graph(page, grundy, shots):
    page.tab("graph")
    page.press(page.by_id("graph-form").find_element(By.CSS_SELECTOR, "button[type=submit]"))
    edges = page.by_id("graph-edges").get_attribute("value")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(edges)
    try:
        want = cli_json(grundy, "graph", f.name)
        # The command's table, "vertex  γ  outcome", as it prints it.
        text = subprocess.run([grundy, "graph", f.name], capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(f.name)
    table = re.split(r"^vertex .*$", text, maxsplit=1, flags=re.M)[1].splitlines()
    wanted = [line.split() for line in table if line.strip()]
    rows = page.by_id("graph-result").find_elements(By.CSS_SELECTOR, "table tbody tr")
    got = [[td.text for td in r.find_elements(By.TAG_NAME, "td")[:3]] for r in rows]
    check(got == wanted and len(got) == len(want["values"]),
          f"Graph: each vertex's γ and outcome as `grundy graph` prints them ({got} against {wanted})")
    # The tokens (a d) are marked in the drawing and counted in the table.
    tokens = page.by_id("graph-tokens").get_attribute("value").split()
    marked = page.by_id("graph-result").find_elements(By.CSS_SELECTOR, "svg circle.token")
    counted = {r[0]: r[3] for r in ([td.text for td in row.find_elements(By.TAG_NAME, "td")] for row in rows) if r[3]}
    check(len(marked) == len(set(tokens)) and counted == {t: "1" for t in tokens},
          f"Graph: the tokens {tokens} are marked in the drawing ({len(marked)}) and the table ({counted})")
    page.shot(shots, "web-graph.png")
    # The JSON form of a graph file is read as the command reads it
    # (rules/graph_file.h): a path of three vertices, γ 0 1 0 from the end.
    page.fill("graph-edges", '{"vertices": ["a", "b", "c"], "edges": [["a", "b"], ["b", "c"]]}')
    page.fill("graph-tokens", "")
    page.press(page.by_id("graph-form").find_element(By.CSS_SELECTOR, "button[type=submit]"))
    rows = page.by_id("graph-result").find_elements(By.CSS_SELECTOR, "table tbody tr")
    got = [r.find_elements(By.TAG_NAME, "td")[1].text for r in rows]
    check(page.error("graph-edges") == "" and got == ["0", "1", "0"],
          f"Graph: a graph in JSON is read as the text form ({got})")
    page.fill("graph-edges", edges)


def test_bad_input(page, grundy):
    cases = [
        ("analyse", "analyse-game", "kayles x", ["analyze", "kayles", "x"]),
        ("analyse", "analyse-game", "kayles 5 + nimm 3", ["analyze", "kayles", "5", "+", "nimm", "3"]),
        ("explain", "explain-game", "wythoff 3", ["analyze", "wythoff", "3"]),
        ("play", "play-game", "nim 1.5", ["analyze", "nim", "1.5"]),
        ("sequence", "sequence-to", "abc", ["values", "0.6", "--to", "abc"]),
        ("sequence", "sequence-ruleset", "0.9x", ["values", "0.9x", "--to", "10"]),
        # A 10,000-digit number: the message quotes it shortened, as the command does.
        ("analyse", "analyse-game", "nim " + "9" * 10000, ["analyze", "nim", "9" * 10000]),
        ("play", "play-game", "nim 3 " + "7" * 10000, ["analyze", "nim", "3", "7" * 10000]),
        ("sequence", "sequence-to", "8" * 10000, ["values", "0.6", "--to", "8" * 10000]),
    ]
    for view, field, text, args in cases:
        page.tab(view)
        if view == "sequence":
            page.fill("sequence-ruleset", "0.6")
            page.fill("sequence-to", "10")
        page.fill(field, text)
        form = page.by_id(field).find_element(By.XPATH, "ancestor::form")
        page.press(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        # The command points to its help, the page to its own list (FrontEndWords::catalogue).
        want = cli_error(grundy, *args).replace("'grundy help rulesets'", "the list of rulesets in the Analyse view")
        got = page.error(field)
        check(got == want, f"bad input {text!r} in {field}: {want!r} next to the field (page: {got!r})")
        check(page.by_id(field).get_attribute("aria-invalid") == "true", f"{field} is marked invalid")
        if len(text) > 1000:
            wide = page.d.execute_script("return document.documentElement.scrollWidth > window.innerWidth")
            check(len(got) < 120 and not wide,
                  f"a {len(text)}-character {field}: a short message ({len(got)} characters), no page-wide scrollbar")
    # The graph fields: the command names the file where the page has its
    # one graph, graph:page.
    page.tab("graph")
    good = page.by_id("graph-edges").get_attribute("value")
    for edges, tokens, field in (("2 1\n0 5\n", "", "graph-edges"), (good, "a zz", "graph-tokens")):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(edges)
        try:
            args = ["analyze", "graph:" + f.name, *tokens.split()] if tokens else ["graph", f.name]
            want = cli_error(grundy, *args).replace(f.name + ": ", "").replace(f.name, "page")
        finally:
            os.unlink(f.name)
        page.fill("graph-edges", edges)
        page.fill("graph-tokens", tokens)
        page.press(page.by_id("graph-form").find_element(By.CSS_SELECTOR, "button[type=submit]"))
        check(page.error(field) == want, f"bad input in {field}: {want!r} next to the field (page: {page.error(field)!r})")
        check(page.by_id(field).get_attribute("aria-invalid") == "true", f"{field} is marked invalid")
    # A refusal at a limit: the page's limits are fixed, so its way past one
    # is the command line's option (core/front_end_words.h), where the
    # command says "--max-memory" alone.
    page.fill("graph-edges", "4294967295 1\n0 1\n")
    page.fill("graph-tokens", "")
    page.press(page.by_id("graph-form").find_element(By.CSS_SELECTOR, "button[type=submit]"))
    got = page.error("graph-edges")
    check(got.startswith("line 1: a graph of 4294967295 vertices and 1 edges needs about 163840 MiB")
          and got.endswith("(raise it with the command line's --max-memory)"),
          f"a graph past memory names the command line's option (page: {got!r})")
    # Still working: a good input clears the message and answers.
    got = page.analyse("nim 3 4 5", "normal")
    check(page.error("analyse-game") == "" and got["outcome"] == "N", "after bad input the page still works")


def test_cancel(page):
    """A search that would take minutes runs in the worker: the page answers,
    Cancel stops it with a message next to the field, and the page goes on."""
    page.tab("analyse")
    # Misère Dawson's Chess beyond the heaps its misère quotient covers: the
    # exhaustive search runs for minutes (misère kayles 30 40 50 60 no longer
    # does: its quotient answers in under a second).
    page.fill("analyse-game", "0.137 40 50 60")
    Select(page.by_id("analyse-convention")).select_by_value("misere")
    page.by_id("analyse-form").find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(page.d, 30, poll_frequency=POLL).until(lambda d: d.find_element(By.ID, "working").is_displayed())
    time.sleep(0.5)
    page.press(page.by_id("working-cancel"))
    check(page.error("analyse-game").startswith("cancelled"),
          f"a long search is cancelled, saying so next to the field ({page.error('analyse-game')!r})")
    got = page.analyse("nim 3 4 5", "normal")
    check(got["outcome"] == "N" and page.error("analyse-game") == "", "after a cancel the page still works")


def test_url_and_labels(page):
    page.open("view=explain&" + urllib.parse.urlencode({"game": "nim 3 4 5", "convention": "normal"}))
    check(page.by_id("explain").is_displayed() and not page.by_id("analyse").is_displayed(),
          "a shared URL opens its view")
    check("nim-sum" in page.by_id("explain-result").text, "a shared URL restores the view's answer")
    # The keyboard alone: arrow keys move between the tabs, Enter submits.
    page.by_id("tab-play").send_keys(Keys.ARROW_LEFT)
    page.settle()
    check(page.by_id("analyse").is_displayed() and
          page.d.switch_to.active_element.get_attribute("id") == "tab-analyse",
          "the left arrow moves from the Play tab to the Analyse tab")
    page.fill("analyse-game", "nim 1 2 3")
    page.by_id("analyse-game").send_keys(Keys.ENTER)
    page.settle()
    check(page.result("analyse-result")["outcome"] == "P", "Enter in the position field analyses it")
    unlabelled = page.d.execute_script("""
      return [...document.querySelectorAll('input, select, textarea')]
        .filter(e => !document.querySelector(`label[for="${e.id}"]`)).map(e => e.id);""")
    check(unlabelled == [], f"every field has a label ({unlabelled})")


def test_phone(page, grundy):
    """At a phone's width (390 x 844 CSS pixels) no view is wider than the
    screen (wide tables scroll inside their own box, and the game's history
    is a list of cards), the drawings' labels keep their size (the chart and
    the plot are drawn at the width they are shown at), and a student can
    analyse kayles 5 + nim 3, see every option's value, step into one and
    come back with the browser's Back."""
    page.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    try:
        for fragment in ("view=analyse&game=kayles+5+%2B+nim+3&convention=normal",
                         "view=play&game=kayles+3+4&convention=every&first=you&move=2+1",
                         "view=play&game=nim+3+4+5&convention=normal&first=you&move=1&move=1",
                         "view=explain&game=kayles+5+%2B+nim+3&convention=normal",
                         "view=sequence&ruleset=0.6&to=1000"):
            page.open(fragment)
            if "sequence" in fragment:
                WebDriverWait(page.d, 60, poll_frequency=POLL).until(
                    lambda d: d.find_element(By.ID, "sequence-status").text.startswith("Done"))
            width = page.d.execute_script("return document.documentElement.scrollWidth")
            check(width <= 390, f"phone width: {fragment.split('&')[0]} is {width} pixels wide")
            if "view=play" in fragment:
                wrap = page.d.execute_script("""
                  const w = document.getElementById('play-history').parentElement;
                  return [w.scrollWidth, w.clientWidth];""")
                check(wrap[0] <= wrap[1], f"phone width: the game's history does not scroll sideways ({wrap})")
                sizes = page.d.execute_script("""
                  return [...document.querySelectorAll('#play-chart text')].map((t) => t.getBoundingClientRect().height);""")
                check(sizes and min(sizes) >= 10, f"phone width: the chart's labels are readable ({[round(x, 1) for x in sizes]} px high)")
            if "sequence" in fragment:
                scale = page.d.execute_script("""
                  const c = document.getElementById('sequence-plot');
                  return c.width / c.getBoundingClientRect().width / window.devicePixelRatio;""")
                check(0.95 <= scale <= 1.05, f"phone width: the plot is drawn at its shown size, so its 12 px labels are 12 px ({scale:.2f})")
        page.open("view=analyse&game=kayles+5+%2B+nim+3&convention=normal")
        values = page.d.execute_script(
            "return [...document.querySelectorAll('#analyse-options tbody tr')].map((r) => r.cells[2].textContent)")
        check(len(values) == 8, f"phone: every option of kayles 5 + nim 3 with its value ({values})")
        page.press(page.d.find_element(By.CSS_SELECTOR, "#analyse-options tbody tr button"))
        stepped = page.by_id("analyse-game").get_attribute("value")
        page.d.back()
        WebDriverWait(page.d, 30, poll_frequency=POLL).until(
            lambda d: d.find_element(By.ID, "analyse-game").get_attribute("value") == "kayles 5 + nim 3")
        check(stepped == "kayles 4 + nim 3", f"phone: an option steps in ({stepped!r}) and Back returns")
        # And G(0..10^5) of 0.6 downloaded as CSV, as the command writes it.
        page.open("view=sequence&ruleset=0.6&to=100000")
        WebDriverWait(page.d, 120, poll_frequency=POLL).until(
            lambda d: d.find_element(By.ID, "sequence-status").text.startswith("Done"))
        csv = downloaded_csv(page)
        want = subprocess.run([grundy, "values", "0.6", "--to", "100000", "--csv"], capture_output=True,
                              text=True, check=True).stdout
        check(csv == want, f"phone: G(0..10^5) of 0.6 downloads as CSV, equal to `grundy values --csv` ({len(csv)} characters)")
    finally:
        page.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", required=True)
    parser.add_argument("--grundy", required=True)
    parser.add_argument("--screenshots", default="")
    parser.add_argument("--only", default="",
                        help="run only these checks (comma-separated names of test_ functions, "
                             "without 'test_'), while working on one view")
    args = parser.parse_args()
    only = set(filter(None, args.only.split(",")))
    unknown = only - {name[len("test_"):] for name in globals() if name.startswith("test_")} - {"analyse_shot"}
    if unknown:
        print(f"--only: no such check: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    if not os.path.exists(os.path.join(args.site, "grundy.wasm")):
        print(f"{args.site}/grundy.wasm is missing: build the site first (tools/web build)", file=sys.stderr)
        return 1
    server = serve(args.site)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    driver = browser(1200, 1000)
    try:
        page = Page(driver, base)
        page.open()
        shots, grundy = args.screenshots, args.grundy

        def analyse_shot():
            page.analyse("kayles 5 + nim 3", "normal")
            page.shot(shots, "web-analyse.png")

        steps = [  # in this order: play_hint_limit after cancel, whose worker then starts afresh
            ("analyse", lambda: test_analyse(page, grundy)),
            ("analyse_shot", analyse_shot),
            ("play", lambda: test_play(page, shots)),
            ("play_compounds", lambda: test_play_compounds(page, grundy, shots)),
            ("play_misere_length", lambda: test_play_misere_length(page, grundy)),
            ("play_many_moves", lambda: test_play_many_moves(page, grundy)),
            ("notation", lambda: test_notation(page, grundy)),
            ("study", lambda: test_study(page, grundy)),
            ("explain", lambda: test_explain(page, grundy, shots)),
            ("sequence", lambda: test_sequence(page, grundy, shots)),
            ("graph", lambda: test_graph(page, grundy, shots)),
            ("bad_input", lambda: test_bad_input(page, grundy)),
            ("cancel", lambda: test_cancel(page)),
            ("play_hint_limit", lambda: test_play_hint_limit(page)),
            ("url_and_labels", lambda: test_url_and_labels(page)),
            ("phone", lambda: test_phone(page, grundy)),
        ]
        for name, step in steps:
            if not only or name in only:
                start = time.monotonic()
                step()
                print(f"-- {name}: {time.monotonic() - start:.1f} s")
        logs = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        check(logs == [], f"no errors in the browser's console ({logs})")
        if args.screenshots:  # a phone's width
            page.open("view=analyse&game=kayles+5+%2B+nim+3&convention=normal")
            page.shot(args.screenshots, "web-phone.png", width=390, mobile=True)
    finally:
        driver.quit()
    server.shutdown()
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

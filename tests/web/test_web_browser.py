"""The page in a real headless browser (Debian's chromium and chromedriver, driven by Selenium):
each form clicked through and its answer read back, on a phone's viewport (390 x 844, no
horizontal scroll) and a laptop's. Without the browser these tests are skipped, except in CI
(``CI`` set), where a skipped browser test is a failure."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
from pathlib import Path

import pytest
from web_support import VERIFY, cli_answer, hard_network

PHONE, LAPTOP = (390, 844), (1280, 900)
CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _unavailable() -> str | None:
    try:
        import selenium  # noqa: F401
        import starlette  # noqa: F401
    except ImportError as error:
        return f"{error.name} is not installed (pip install '.[web]')"
    for tool in (CHROMIUM, CHROMEDRIVER):
        if not (os.path.exists(tool) or shutil.which(os.path.basename(tool))):
            return f"{os.path.basename(tool)} is not installed (apt-get install chromium chromium-driver)"
    return None


@pytest.fixture(scope="module")
def browser():
    why = _unavailable()
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"the browser tests cannot run in CI: {why}")
        pytest.skip(why)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.add_argument("--headless=new")
    options.add_argument("--no-sandbox")
    options.add_argument("--disable-gpu")
    options.add_argument("--disable-dev-shm-usage")
    options.binary_location = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER if os.path.exists(CHROMEDRIVER)
                                              else shutil.which("chromedriver")), options=options)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def server():
    process = subprocess.Popen([VERIFY, "serve", "--port", "0", "--solves", "4"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    match = re.search(r"http://\S+/", line)
    assert match, line
    yield match.group(0)
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()


def open_page(driver, url: str, size: tuple[int, int]):
    width, height = size
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    driver.get(url)
    wait_for(driver, lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    return driver


def wait_for(driver, condition, seconds: float = 45.0):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, poll_frequency=0.1).until(condition)


def css(driver, selector: str):
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, selector)


def tab(driver, name: str) -> None:
    css(driver, f'#tabs button[data-tab="{name}"]').click()


def choose_example(driver, form: str, name: str) -> None:
    from selenium.webdriver.support.ui import Select

    Select(css(driver, f'select[data-examples="{form}"]')).select_by_value(name)


def headline(driver, panel: str) -> str:
    return wait_for(driver, lambda d: css(d, f"#{panel} .result .headline").text or False)


def no_horizontal_scroll(driver) -> bool:
    return driver.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth && document.body.scrollWidth <= window.innerWidth")


def shoot(driver, tmp_path: Path, name: str) -> Path:
    """A PNG of the viewport; also written to $VERIFY_SCREENSHOT_DIR when set (the README's)."""
    path = tmp_path / name
    driver.save_screenshot(str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    there = os.environ.get("VERIFY_SCREENSHOT_DIR")
    if there:
        shutil.copy(path, Path(there) / name)
    return path


def test_the_seven_tricks_example_is_solved_and_its_claim_holds_on_a_laptop(browser, server, tmp_path):
    driver = open_page(browser, server, LAPTOP)
    choose_example(driver, "tricks", "seven-tricks.json")
    assert css(driver, "#t-supporters").get_attribute("value") == "11 12 13"
    css(driver, "#t-solve").click()
    assert headline(driver, "tricks") == "Proven maximum: 7 Tricks"
    summary = css(driver, "#tricks .result .summary").text
    assert "The claim of 7 Tricks holds, and it is the maximum." in summary
    css(driver, "#tricks .show-json").click()
    assert '"tricks": 7' in css(driver, "#tricks pre.json").text
    assert css(driver, "#tricks img.picture").get_attribute("src").startswith("data:image/svg+xml")
    assert no_horizontal_scroll(driver)
    driver.execute_script("document.querySelector('#tricks .result').scrollIntoView({block: 'start'})")
    shoot(driver, tmp_path, "serve-laptop.png")


def test_an_illegal_arrangement_laid_by_taps_is_marked_on_a_phone(browser, server, tmp_path):
    driver = open_page(browser, server, PHONE)
    choose_example(driver, "tricks", "seven-tricks.json")
    # The cards of illegal-arrangement.json, laid by tapping a card and then a cell.
    for card, row, col in (("event:Leak", 0, 0), ("supporter:11", 0, 1), ("event:Hearing", 0, 2),
                           ("supporter:12", 1, 0), ("event:Summit", 1, 1), ("supporter:13", 1, 3)):
        css(driver, f'#t-palette [data-card="{card}"]').click()
        css(driver, f'#t-board .cell[data-row="{row}"][data-col="{col}"]').click()
    assert css(driver, '#t-board .cell[data-row="1"][data-col="3"]').text == "S13"
    css(driver, "#t-check").click()
    wait_for(driver, lambda d: "breaks the rules" in css(d, "#tricks .result").text)
    violations = css(driver, "#tricks .violations").text
    assert "placement: Supporter 11 (Spokesperson) at row 0 col 1 borders Event Hearing" in violations
    assert "connected: the network is in 2 pieces" in violations
    assert "broken-e" in css(driver, '#t-board .cell[data-row="0"][data-col="1"]').get_attribute("class")
    assert "broken-w" in css(driver, '#t-board .cell[data-row="0"][data-col="2"]').get_attribute("class")
    assert "apart" in css(driver, '#t-board .cell[data-row="1"][data-col="3"]').get_attribute("class")
    assert no_horizontal_scroll(driver)
    driver.execute_script("document.getElementById('t-palette').scrollIntoView({block: 'start'})")
    shoot(driver, tmp_path, "serve-phone.png")


def test_a_bad_supporter_gets_the_clis_message_beside_its_field(browser, server):
    driver = open_page(browser, server, PHONE)
    field = css(driver, "#t-supporters")
    field.clear()
    field.send_keys("1 x")
    css(driver, "#t-add-event").click()
    css(driver, "#t-events .ev-id").send_keys("E1")
    css(driver, "#t-events .ev-lists").send_keys("1")
    css(driver, "#t-solve").click()
    error = wait_for(driver, lambda d: css(d, '#tricks .error[data-for="supporters"]').text or False)
    assert error == 'verify: network.json: supporters[1]: should be an integer (got "x")'


def test_a_socks_tie_is_broken_by_the_fewest_sets_on_a_phone(browser, server):
    driver = open_page(browser, server, PHONE)
    tab(driver, "socks")
    choose_example(driver, "socks", "tie.json")
    css(driver, "#socks .ask").click()
    assert headline(driver, "socks") == "Winner: Ana \u2014 tied on score: the fewest sets of Socks wins"
    assert "only the sets that score (tie_break_counts = scoring_sets)" in css(driver, "#socks .tie-break").text
    assert no_horizontal_scroll(driver)


def test_a_like_on_ones_own_gallery_is_not_legal(browser, server):
    driver = open_page(browser, server, PHONE)
    tab(driver, "like")
    choose_example(driver, "like", "like-own.json")
    css(driver, "#like .ask").click()
    assert headline(driver, "like") == "Not legal: blue-gallery-1 is Bo's own Gallery"
    assert "Rule: like_own_gallery" in css(driver, "#like .result").text
    assert no_horizontal_scroll(driver)


def test_a_likes_and_lies_round_is_resolved_step_by_step(browser, server):
    driver = open_page(browser, server, LAPTOP)
    tab(driver, "round")
    choose_example(driver, "round", "round-third-influencer.json")
    css(driver, "#round .ask").click()
    assert headline(driver, "round") == "The round is legal."
    assert "influencer_third -3: 9 \u2192 6" in css(driver, "#round .steps").text


def test_white_house_which_moves_and_may_i_on_a_phone(browser, server):
    driver = open_page(browser, server, PHONE)
    tab(driver, "position")
    choose_example(driver, "position", "legal-take.json")
    css(driver, "#w-list").click()
    assert headline(driver, "position") == "4 legal moves for player 0 (supporter)"
    css(driver, "#position .ask-move").click()
    wait_for(driver, lambda d: css(d, "#position .result .headline").text.startswith("Yes, legal"))
    choose_example(driver, "position", "illegal-placement.json")
    css(driver, "#w-advanced summary").click()
    css(driver, "#w-ask").click()
    assert headline(driver, "position").startswith("No: ")
    assert "Rule: " in css(driver, "#position .result").text
    assert no_horizontal_scroll(driver)


def test_every_tab_fits_a_phone_without_horizontal_scroll(browser, server):
    driver = open_page(browser, server, PHONE)
    for name in ("tricks", "socks", "like", "round", "position"):
        tab(driver, name)
        assert no_horizontal_scroll(driver), name


def test_where_a_new_card_may_enter_is_shown_on_the_grid(browser, server):
    driver = open_page(browser, server, PHONE)
    choose_example(driver, "tricks", "rulebook-where-s2.json")
    assert css(driver, "#t-add-id").get_attribute("value") == "2"
    css(driver, "#t-where").click()
    wait_for(driver, lambda d: "may enter at 4 cells" in css(d, "#tricks .result").text)
    for row, col in ((1, -1), (1, 2), (2, 0), (2, 1)):
        assert "entry" in css(driver, f'#t-board .cell[data-row="{row}"][data-col="{col}"]').get_attribute("class")
    assert no_horizontal_scroll(driver)


def test_a_long_solve_shows_its_progress_and_is_cancelled_from_the_page(browser, server):
    driver = open_page(browser, server, LAPTOP)
    driver.execute_script("loadNetwork(arguments[0])", hard_network())
    css(driver, "#t-solve").click()
    wait_for(driver, lambda d: "best found" in css(d, "#t-progress").text and "bound" in css(d, "#t-progress").text)
    css(driver, "#t-cancel").click()
    stopped = wait_for(driver, lambda d: css(d, "#t-progress").text.startswith("Cancelled") and css(d, "#t-progress").text)
    assert re.fullmatch(r"Cancelled: the solve was stopped\. Best found: \d+ Tricks, unproven \(bound \d+\)\.", stopped), (
        "the best the progress showed stays, marked unproven")
    assert not css(driver, "#t-cancel").is_displayed()
    choose_example(driver, "tricks", "seven-tricks.json")
    css(driver, "#t-solve").click()
    assert headline(driver, "tricks") == "Proven maximum: 7 Tricks"


def test_the_downloaded_input_is_the_file_the_cli_reads(browser, server, tmp_path):
    driver = open_page(browser, server, LAPTOP)
    choose_example(driver, "tricks", "illegal-arrangement.json")
    doc = driver.execute_script("return {...networkDoc(), arrangement: arrangementOf()}")
    code, answer, _ = cli_answer("tricks", doc, tmp_path)
    css(driver, "#t-check").click()
    wait_for(driver, lambda d: "breaks the rules" in css(d, "#tricks .result").text)
    css(driver, "#tricks .show-json").click()
    import json

    assert code == 1 and json.loads(css(driver, "#tricks pre.json").text) == answer
    tab(driver, "socks")
    choose_example(driver, "socks", "score.json")
    doc = driver.execute_script("return socksDoc()")
    code, answer, _ = cli_answer("socks", doc, tmp_path)
    css(driver, "#socks .ask").click()
    headline(driver, "socks")
    css(driver, "#socks .show-json").click()
    assert code == 0 and json.loads(css(driver, "#socks pre.json").text) == answer


def select(driver, selector: str, *, value: str | None = None, text: str | None = None) -> None:
    from selenium.webdriver.support.ui import Select

    chosen = Select(css(driver, selector))
    if value is not None:
        chosen.select_by_value(value)
    else:
        chosen.select_by_visible_text(text)


def type_into(driver, selector: str, text: str) -> None:
    field = css(driver, selector)
    field.clear()
    field.send_keys(text)


def test_a_round_filled_in_on_a_phone_is_the_file_the_cli_reads_and_is_resolved_step_by_step(browser, server, tmp_path):
    import json

    driver = open_page(browser, server, PHONE)
    tab(driver, "round")
    css(driver, "#r-add-player").click()
    # round-third-influencer.json, typed and chosen field by field.
    players = (("Ana", 5, 9, 0), ("Ben", 9, 2, 2), ("Cy", 2, 0, 0), ("Dee", 0, 3, 0))
    for index, (name, space, likes, run) in enumerate(players, 1):
        row = f"#r-players .r-player:nth-child({index})"
        type_into(driver, f"{row} .rp-name", name)
        for field, number in (("rp-position", space), ("rp-likes", likes), ("rp-streak", run)):
            if number:  # a new player's fields start at 0
                type_into(driver, f"{row} .{field}", str(number))
    type_into(driver, "#r-caption", "K07")
    plays = (("Ana", "C11", "M3"), ("Ben", "C12", "T2"), ("Cy", "C13", "M8"), ("Dee", "C14", "T7"))
    for index, (name, content, intent) in enumerate(plays, 1):
        row = f"#r-plays .r-play:nth-child({index})"
        select(driver, f"{row} .pl-player", value=name)
        type_into(driver, f"{row} .pl-content", content)
        type_into(driver, f"{row} .pl-intent", intent)
    for index, (voter, whose) in enumerate((("Ana", "Ben"), ("Ben", "Ana"), ("Cy", "Ben"), ("Dee", "Ben")), 1):
        row = f"#r-votes .r-vote:nth-child({index})"
        select(driver, f"{row} .v-voter", value=voter)
        select(driver, f"{row} .v-card", text=f"{whose}: {dict((p[0], p[1]) for p in plays)[whose]}")
    css(driver, "#r-add-report").click()
    select(driver, "#r-reports .rr-by", value="Ben")
    select(driver, "#r-reports .rr-target", value="Dee")
    css(driver, "#r-add-event").click()
    select(driver, "#r-events .rd-player", value="Ben")
    type_into(driver, "#r-events .rd-card", "E02")
    doc = driver.execute_script("return roundDoc()")
    shipped = json.loads((EXAMPLES / "likes" / "round-third-influencer.json").read_text(encoding="utf-8"))
    del shipped["note"]
    assert doc == shipped
    code, answer, _ = cli_answer("round", doc, tmp_path)
    css(driver, "#round .ask").click()
    assert headline(driver, "round") == "The round is legal."
    steps = [li.text for li in driver.find_elements("css selector", "#round .steps li")]
    assert len(steps) == len(answer["steps"]) == 10
    assert steps[3] == "Ben influencer_third -3: 9 \u2192 6 \u2014 Influencer with 3 Likes, 3rd time in a row"
    css(driver, "#round .show-json").click()
    assert code == 0 and json.loads(css(driver, "#round pre.json").text) == answer
    assert no_horizontal_scroll(driver)


def test_an_illegal_round_and_a_bad_card_get_their_messages_beside_their_fields(browser, server):
    driver = open_page(browser, server, PHONE)
    tab(driver, "round")
    choose_example(driver, "round", "round-third-influencer.json")
    select(driver, "#r-votes .r-vote:nth-child(3) .v-card", text="Cy: C13")
    css(driver, "#round .ask").click()
    assert headline(driver, "round") == "Illegal: Cy voted for his own Content card C13"
    beside = css(driver, '#round .error[data-for="round.votes"]')
    assert beside.text == "verify: round.json: round.votes[2]: Cy voted for his own Content card C13 (rule vote_own_card)"
    assert "bad" in css(driver, "#r-votes .r-vote:nth-child(3)").get_attribute("class")
    assert no_horizontal_scroll(driver)
    select(driver, "#r-votes .r-vote:nth-child(3) .v-card", text="Ben: C12")
    type_into(driver, "#r-plays .r-play:nth-child(1) .pl-intent", "X9")
    css(driver, "#round .ask").click()
    error = wait_for(driver, lambda d: css(d, '#round .error[data-for="round.plays"]').text or False)
    assert error == "verify: round.json: round.plays[0].intent: unknown Intent card X9"
    assert "bad" in css(driver, "#r-plays .r-play:nth-child(1) .pl-intent").get_attribute("class")
    assert not css(driver, "#round .result").text
    # A vote follows its player's Content when the card's id is retyped.
    type_into(driver, "#r-plays .r-play:nth-child(2) .pl-content", "C22")
    assert css(driver, "#r-votes .r-vote:nth-child(1) .v-card").get_attribute("value") == "C22"
    # The JSON stays editable under Advanced; text that is not JSON gets the CLI's line there.
    css(driver, "#r-advanced summary").click()
    # The text area is rewritten from the form when it opens: wait for it, then assert.
    wait_for(driver, lambda d: '"content": "C22"' in css(d, "#r-doc").get_attribute("value"), 10)
    assert '"content": "C22"' in css(driver, "#r-doc").get_attribute("value")
    type_into(driver, "#r-doc", "{")
    css(driver, "#r-fill").click()
    error = wait_for(driver, lambda d: css(d, '#round .error[data-for="*"]').text or False)
    assert error.startswith("verify: round.json: not valid JSON at line 1 column 2")


def test_a_white_house_position_built_in_the_form_answers_a_take_and_lists_the_moves(browser, server, tmp_path):
    import json

    from web_support import run_verify

    driver = open_page(browser, server, PHONE)
    tab(driver, "position")
    choose_example(driver, "position", "legal-take.json")
    # Player 0 spends S9 elsewhere: one Supporter left, and the closest Supporter costs two.
    type_into(driver, "#w-players .w-player:nth-child(1) .wp-supporters", "5")
    select(driver, "#w-q-player", value="0")
    select(driver, "#w-q-row", value="supporter")
    select(driver, "#w-q-slot", value="closest")
    css(driver, '#w-q-discards input[data-pay="S5"]').click()
    position = driver.execute_script("return positionDoc()")
    assert position["position"]["players"][0]["supporters"] == [5]
    assert position["position"]["unseen"]["supporter"] == 25
    move = {"player": 0, "move": "take", "row": "supporter", "slot": "closest", "discards": [5]}
    assert driver.execute_script("return takeMove()") == move
    done = run_verify(["whitehouse", "move", "position.json", "--move", "move.json", "--json"],
                      {"position.json": position, "move.json": move}, tmp_path)
    css(driver, "#w-ask-take").click()
    assert headline(driver, "position").startswith("No: ")
    answer = json.loads(done.stdout)
    assert done.returncode == 1 and not answer["legal"]
    assert css(driver, "#position .result .rule").text == f"Rule: {answer['rule']}"
    css(driver, "#position .show-json").click()
    assert json.loads(css(driver, "#position pre.json").text) == answer
    css(driver, "#w-list").click()
    listed = wait_for(driver, lambda d: css(d, "#position .result .headline").text.endswith("(supporter)") and
                      css(d, "#position .result .headline").text)
    code, moves, _ = cli_answer("moves", position, tmp_path)
    assert code == 0 and listed == f"{moves['count']} legal moves for player 0 (supporter)"
    assert len(driver.find_elements("css selector", "#position .ask-move")) == moves["count"]
    assert no_horizontal_scroll(driver)


def test_a_bad_card_in_a_white_house_row_is_named_beside_the_rows(browser, server):
    driver = open_page(browser, server, PHONE)
    tab(driver, "position")
    choose_example(driver, "position", "legal-take.json")
    type_into(driver, '#w-rows .wr-slot[data-path="position.rows.event[1]"]', "E999")
    css(driver, "#w-list").click()
    error = wait_for(driver, lambda d: css(d, '#position .error[data-for="position.rows"]').text or False)
    assert error.startswith("verify: position.json: position.rows.event[1]: ")
    assert "bad" in css(driver, '#w-rows .wr-slot[data-path="position.rows.event[1]"]').get_attribute("class")


#: One question per game asked through the form built from the declared list: (question, example,
#: the verdict the page shows). Each is the exit status `verify ... --json` ends with on that file.
DECLARED = [
    ("whitehouse-replay", "illegal-unpaid-middle.json", "verify whitehouse replay: no (exit 1)"),
    ("socks-replay", "game.log.json", "verify socks replay: yes (exit 0)"),
    ("social-game", "game-two-player.json", "verify social game: yes (exit 0)"),
    ("likes-game", "game-worked-example.json", "verify likes game: yes (exit 0)"),
]


@pytest.mark.parametrize(("question", "example", "verdict"), DECLARED, ids=[d[0] for d in DECLARED])
def test_a_declared_question_is_asked_through_its_generated_form(browser, server, question, example, verdict):
    from selenium.webdriver.support.ui import Select

    driver = open_page(browser, server, PHONE)
    tab(driver, "any")
    Select(css(driver, "#q-question")).select_by_value(question)
    Select(css(driver, "#q-documents select.q-example")).select_by_value(example)
    assert css(driver, "#q-documents textarea.q-doc").get_attribute("value").startswith("{")
    css(driver, "#q-ask").click()
    assert headline(driver, "any") == verdict
    css(driver, "#any .show-json").click()
    assert css(driver, "#any pre.json").text.startswith("{")
    assert no_horizontal_scroll(driver)


def test_a_declared_option_goes_with_the_question(browser, server):
    from selenium.webdriver.support.ui import Select

    driver = open_page(browser, server, LAPTOP)
    tab(driver, "any")
    Select(css(driver, "#q-question")).select_by_value("whitehouse-replay")
    Select(css(driver, "#q-documents select.q-example")).select_by_value("reversal.json")
    css(driver, '#q-options input[data-option="at"]').send_keys("999")
    css(driver, "#q-ask").click()
    error = wait_for(driver, lambda d: css(d, '#any .error[data-for="*"]').text or False)
    assert error.startswith("verify: --at: the log has") and error.endswith("so there is no move 999")


def test_the_socks_catalogue_shows_in_the_cards_mode_only(browser, server):
    driver = open_page(browser, server, PHONE)
    tab(driver, "socks")
    css(driver, 'input[name="s-mode"][value="sets"]').click()
    assert not css(driver, "#s-catalogue-field").is_displayed()
    assert not css(driver, "#s-catalogue").is_displayed()
    css(driver, 'input[name="s-mode"][value="cards"]').click()
    assert css(driver, "#s-catalogue").is_displayed()


def test_a_busy_server_is_asked_again_by_the_page_with_a_notice(browser):
    import json
    import urllib.request

    process = subprocess.Popen([VERIFY, "serve", "--port", "0", "--solves", "1"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        url = re.search(r"http://\S+/", process.stdout.readline()).group(0)
        taken = urllib.request.Request(f"{url}api/jobs/tricks?time_limit=3", json.dumps(hard_network()).encode(),
                                       {"Content-Type": "application/json"})
        with urllib.request.urlopen(taken, timeout=30) as reply:
            assert reply.status == 202, "the one solve slot is taken"
        driver = open_page(browser, url, PHONE)
        choose_example(driver, "tricks", "seven-tricks.json")
        css(driver, "#t-solve").click()
        notice = wait_for(driver, lambda d: css(d, "#busy").text or False, 10)
        assert notice.startswith("The server is busy with other solves: asking again in ")
        assert headline(driver, "tricks") == "Proven maximum: 7 Tricks"
        assert not css(driver, "#busy").is_displayed(), "the notice goes once the answer comes"
        assert no_horizontal_scroll(driver)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


def test_a_socks_error_names_the_player_counted_from_one_with_the_name(browser, server):
    driver = open_page(browser, server, PHONE)
    tab(driver, "socks")
    driver.execute_script("loadSocks(arguments[0])", {"players": [
        {"name": "Ana", "sets": {"3": [1]}}, {"name": "Bo", "sets": {"4": [1]}}, {"name": "Cy", "sets": {"99": [1]}}]})
    css(driver, "#socks .ask").click()
    message = wait_for(driver, lambda d: next((e.text for e in d.find_elements("css selector", "#socks .error")
                                               if e.text), False))
    assert message == ("verify: socks.json: player 3, Cy, sets.99: the catalogue has no set 99 "
                       "(its sets: 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)")
    assert "players[2]" not in message
    rows = browser.find_elements("css selector", "#s-players .player-row")
    assert ["bad" in row.get_attribute("class") for row in rows] == [False, False, True], "the row is marked red"


def test_a_large_picture_keeps_its_size_and_scrolls_on_a_phone(browser, server):
    driver = open_page(browser, server, PHONE)
    wide = ('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="700" viewBox="0 0 1200 700">'
            '<rect width="1200" height="700" fill="#cfe3fa"/><text x="10" y="40" font-size="16">36 cards</text></svg>')
    driver.execute_script("showResult($('#tricks'), {svg: arguments[0]}, el('p', {class: 'headline', text: 'x'}))", wide)
    picture = wait_for(driver, lambda d: css(d, "#tricks img.picture").size["width"] or False)
    assert picture == 1200, "drawn at its own size, not shrunk to the screen"
    box = css(driver, "#tricks .picture-wrap")
    assert driver.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", box), "it scrolls"
    assert no_horizontal_scroll(driver), "the page itself does not"


def test_the_time_limit_of_a_solve_is_set_on_the_page(browser, server):
    import time

    driver = open_page(browser, server, PHONE)
    limit = css(driver, "#t-time-limit")
    assert limit.get_attribute("value") == "30" and limit.get_attribute("max") == "30", "the server's limit"
    driver.execute_script("loadNetwork(arguments[0])", hard_network())
    limit.clear()
    limit.send_keys("2")
    began = time.monotonic()
    css(driver, "#t-solve").click()
    headline(driver, "tricks")
    assert time.monotonic() - began < 15
    css(driver, "#tricks .show-json").click()
    assert '"status": "unproven"' in css(driver, "#tricks pre.json").text
    assert no_horizontal_scroll(driver)


def test_a_bad_field_is_marked_red_in_the_like_and_tricks_forms(browser, server):
    driver = open_page(browser, server, PHONE)
    driver.execute_script("loadNetwork(arguments[0])", {"supporters": [1, "x"], "events": []})
    css(driver, "#t-solve").click()
    assert wait_for(driver, lambda d: "bad" in css(d, "#t-supporters").get_attribute("class"))
    tab(driver, "like")
    css(driver, "#l-players").clear()
    css(driver, "#l-players").send_keys("Ana Bo")
    css(driver, "#l-player").clear()
    css(driver, "#l-player").send_keys("Zed")
    css(driver, "#like .ask").click()
    assert wait_for(driver, lambda d: any("bad" in e.get_attribute("class") for e in
                                          d.find_elements("css selector", "#like [data-path], #like .item")))

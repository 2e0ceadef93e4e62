"""The page's endpoints, through Starlette's test client: every answer is the one the installed
`verify ... --json` prints for the same file (shipped examples and generated inputs), and bad
input gets the CLI's own one-line message with the JSON path it names."""

from __future__ import annotations

import json
import subprocess
import warnings

import pytest
from web_extra import require_web_extra

require_web_extra()
with warnings.catch_warnings():  # Starlette 1.x would have httpx2 for its test client; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
from web_support import COMMANDS, VERIFY, cli_answer, run_verify, small_network, socks_sets  # noqa: E402

from web.app import Settings, create_app, shipped_examples  # noqa: E402

EXAMPLES = shipped_examples()
#: Every comparison: (id, kind, document); `verify` runs for all of them at once (in parallel).
CASES = ([(f"tricks-{n}", "tricks", d) for n, d in sorted(EXAMPLES["tricks"].items())]
         + [(f"tricks-gen{s}", "tricks", small_network(s)) for s in range(4)]
         + [(f"socks-{n}", "socks", d) for n, d in sorted(EXAMPLES["socks"].items())]
         + [(f"socks-gen{s}", "socks", socks_sets(s)) for s in range(5)]
         + [(f"like-{n}", "like", d) for n, d in sorted(EXAMPLES["like"].items())]
         + [(f"round-{n}", "round", d) for n, d in sorted(EXAMPLES["round"].items())]
         + [(f"moves-{n}", "moves", d) for n, d in sorted(EXAMPLES["position"].items())])


@pytest.fixture(scope="module")
def cli(tmp_path_factory):
    """`verify ... --json` on every case and every bad input, four at a time: id -> (exit, JSON, stderr)."""
    from concurrent.futures import ThreadPoolExecutor

    jobs = [(case, kind, doc) for case, kind, doc in CASES]
    jobs += [(f"bad-{i}", kind, doc) for i, (kind, doc) in enumerate(BAD)]

    def one(job):
        case, kind, doc = job
        where = tmp_path_factory.mktemp("cli")
        return case, cli_answer(kind, doc, where)

    with ThreadPoolExecutor(4) as pool:
        return dict(pool.map(one, jobs))


@pytest.fixture(scope="module")
def client():
    app = create_app(Settings(allowed_hosts=frozenset({"testserver"}), time_limit=20.0, max_solves=4))
    with TestClient(app) as test_client:
        yield test_client


def _same(client, kind: str, doc, answered: tuple) -> dict:
    path = COMMANDS[kind][0]
    reply = client.post(path, json=doc)
    code, cli_json, stderr = answered
    if code == 2:
        assert reply.status_code == 400, reply.text
        assert reply.json()["error"] == stderr.strip()
        return reply.json()
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert body["exit"] == code, stderr
    assert body["answer"] == cli_json
    return body


def test_the_page_and_its_assets_are_served_from_the_package(client):
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<script src="/static/app.js"' in page.text and "http" not in page.text.replace("http-equiv", "")
    for name, kind in (("app.js", "javascript"), ("style.css", "css")):
        asset = client.get(f"/static/{name}")
        assert asset.status_code == 200 and kind in asset.headers["content-type"]
        assert "http://" not in asset.text and "https://" not in asset.text, "nothing is fetched from elsewhere"
    assert client.get("/static/../cli.py").status_code == 404
    assert client.get("/static/index.html.bak").status_code == 404
    assert "default-src 'none'" in page.headers["content-security-policy"]
    assert "access-control-allow-origin" not in page.headers


def test_options_are_the_ones_verify_options_prints(client):
    done = subprocess.run([VERIFY, "options", "--json"], capture_output=True, text=True, timeout=60)
    assert client.get("/api/options").json() == json.loads(done.stdout)


def test_info_offers_every_forms_examples_options_and_catalogues(client):
    info = client.get("/api/info").json()
    assert "seven-tricks.json" in info["examples"]["tricks"]
    assert "tie.json" in info["examples"]["socks"]
    assert "like-own.json" in info["examples"]["like"]
    assert info["examples"]["round"] and info["examples"]["position"]
    assert set(info["form_options"]["tricks"]) == {"connected", "every_card_matched"}
    assert set(info["form_options"]["socks"]) == {"tie_break_counts", "final_tie"}
    assert {"whitehouse", "socks", "likes"} <= set(info["catalogues"])
    assert {"T1", "M8"} <= {card["id"] for card in info["catalogues"]["likes"]["intents"]}
    assert "E02" in {card["id"] for card in info["catalogues"]["likes"]["events"]}
    for option in info["options"]:
        assert option["question"] and option["rulebook"] and "alternatives" in option
    assert client.get("/api/health").json() == {"running": 0, "quick": 0, "queued": 0, "max_solves": 4,
                                                "max_quick": client.app.jobs.max_quick}


@pytest.mark.parametrize(("case", "kind", "doc"), CASES, ids=[c[0] for c in CASES])
def test_every_question_answers_as_the_cli(client, cli, case, kind, doc):
    body = _same(client, kind, doc, cli[case])
    if kind in ("tricks", "socks", "round", "moves") and "answer" in body:
        assert body["svg"].lstrip().startswith(("<svg", "<?xml"))


def test_an_illegal_arrangement_is_marked_border_by_border(client):
    body = client.post("/api/tricks", json=EXAMPLES["tricks"]["illegal-arrangement.json"]).json()
    assert body["exit"] == 1
    assert body["marks"]["broken"] == [{"a": [0, 1], "b": [0, 2], "rule": "placement"},
                                       {"a": [1, 0], "b": [1, 1], "rule": "placement"}]
    assert body["marks"]["apart"] == [[1, 3]]


def test_the_sample_catalogue_warning_is_the_clis(client, tmp_path):
    doc = {"players": [{"name": "Ana", "collection": ["3-1", "3-2"]}, {"name": "Bo", "collection": ["4-1"]}]}
    answered = cli_answer("socks", doc, tmp_path)
    body = _same(client, "socks", doc, answered)
    assert [f"verify: {w}" for w in body["warnings"]] == answered[2].strip().splitlines()


@pytest.mark.parametrize("name", sorted(set(EXAMPLES["position"]) & set(EXAMPLES["move"])))
def test_white_house_move_questions_answer_as_the_cli(client, tmp_path, name):
    position, move = EXAMPLES["position"][name], EXAMPLES["move"][name]
    reply = client.post("/api/whitehouse/move", json={"position": position, "move": move})
    done = run_verify(["whitehouse", "move", "position.json", "--move", "move.json", "--json"],
                      {"position.json": position, "move.json": move}, tmp_path)
    assert reply.status_code == 200, reply.text
    assert reply.json()["exit"] == done.returncode
    assert reply.json()["answer"] == json.loads(done.stdout)


BAD = [
    ("tricks", {"supporters": [1, "x"], "events": []}),
    ("tricks", {"supporters": [1], "events": [{"id": "E1", "supporters": [1]}], "rules": {"connected": "maybe"}}),
    ("tricks", {"supporters": [1], "events": [{"id": "E1", "supporters": [1]}], "colour": "red"}),
    ("tricks", {"supporters": [1], "events": [{"id": "E1", "supporters": [1]}],
                "arrangement": [{"supporter": 1, "row": 0, "col": 0}, {"event": "E1", "row": 0, "col": 0}]}),
    ("tricks", "{not json"),
    ("tricks", '{"supporters": [1], "supporters": [2], "events": []}'),
    ("socks", {"players": [{"name": "Ana", "sets": {"3": [1]}}]}),
    ("socks", {"players": [{"name": "Ana", "sets": {"3": [1]}}, {"name": "Ana", "sets": {"4": [1]}}]}),
    ("socks", {"players": [{"name": "Ana", "collection": ["nope"]}, {"name": "Bo", "collection": []}]}),
    ("socks", {"players": [{"name": "A", "sets": {"3": [1]}}, {"name": "B", "sets": {"4": [1]}}],
               "rules": {"tie_break_counts": "most"}}),
    ("like", {"players": ["Ana"], "galleries": [], "player": "Ana", "gallery": "g"}),
    ("round", {"players": []}),
    ("moves", {"position": {}}),
    ("moves", [1, 2]),
]


@pytest.mark.parametrize(("kind", "doc"), BAD, ids=[f"{k}-{i}" for i, (k, _) in enumerate(BAD)])
def test_bad_input_gets_the_clis_one_line_message(client, cli, kind, doc):
    path = COMMANDS[kind][0]
    reply = client.post(path, content=doc if isinstance(doc, str) else json.dumps(doc),
                        headers={"Content-Type": "application/json"})
    code, _, stderr = cli[f"bad-{BAD.index((kind, doc))}"]
    assert code == 2 and reply.status_code == 400, (stderr, reply.text)
    body = reply.json()
    assert body["error"] == stderr.strip() and "\n" not in body["error"]
    assert body["error"].startswith(f"verify: {body['source']}")
    assert body["path"] in body["error"]


def test_a_bad_move_names_the_move_file(client, tmp_path):
    position = EXAMPLES["position"]["legal-take.json"]
    move = {"player": 0, "move": "fly"}
    reply = client.post("/api/whitehouse/move", json={"position": position, "move": move})
    done = run_verify(["whitehouse", "move", "position.json", "--move", "move.json", "--json"],
                      {"position.json": position, "move.json": move}, tmp_path)
    assert done.returncode == 2 and reply.status_code == 400
    assert reply.json()["error"] == done.stderr.strip() and reply.json()["source"] == "move.json"


def test_the_two_documents_of_a_move_question_are_both_needed(client):
    reply = client.post("/api/whitehouse/move", json={"position": {}})
    assert reply.status_code == 400 and reply.json()["error"].startswith("verify: request: ")


def test_an_unknown_question_or_solve_is_404(client):
    assert client.post("/api/jobs/poker", json={}).status_code == 404
    assert client.get("/api/jobs/tricks/0123").status_code == 404
    assert client.delete("/api/jobs/tricks/0123").status_code == 404
    assert client.get("/api/nothing").status_code == 404

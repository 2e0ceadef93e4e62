"""Every declared question is on the page: asked on the page's API with each shipped example of
its documents, it answers exactly as the installed `verify ... --json` on the same files (exit
status and JSON); the page's own question list is the declared one."""

from __future__ import annotations

import json
import warnings

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
from web_support import run_verify  # noqa: E402

from model.common.question import all_questions  # noqa: E402
from web.answers import page_questions  # noqa: E402
from web.app import Settings, create_app, questions_json  # noqa: E402

#: Options asked besides the defaults, by question (query values, and the command's flags).
EXTRA = {"whitehouse-replay": [({"at": "2"}, ["--at", "2"])]}


def _cases() -> list[tuple[str, str, dict, dict, list[str]]]:
    """(id, question, documents by name, query, extra flags) for every shipped example."""
    found = []
    for entry in questions_json():
        name, documents = entry["name"], entry["documents"]
        first = documents[0]
        for file, doc in sorted(first["examples"].items()):
            given = {first["name"]: doc}
            for other in documents[1:]:
                if file in other["examples"]:
                    given[other["name"]] = other["examples"][file]
            if len(given) != len(documents):
                continue
            found.append((f"{name}-{file}", name, given, {}, []))
            for query, flags in EXTRA.get(name, []):
                found.append((f"{name}-{file}-{'-'.join(flags)}", name, given, query, flags))
    return found


CASES = _cases()


@pytest.fixture(scope="module")
def client():
    app = create_app(Settings(allowed_hosts=frozenset({"testserver"}), time_limit=30.0, max_solves=2))
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def cli(tmp_path_factory):
    """`verify WORDS FILE [--flag FILE] --json` on every case, in parallel: id -> (exit, JSON, stderr)."""
    from concurrent.futures import ThreadPoolExecutor

    def one(case):
        ident, name, documents, _, flags = case
        page = page_questions()[name]
        files = {d.name: d.file_name for d in page.documents}
        args = [*page.question.words, files[page.documents[0].name]]
        for document in page.documents[1:]:
            args += [document.flag, files[document.name]]
        done = run_verify([*args, "--json", *flags], {files[n]: doc for n, doc in documents.items()},
                          tmp_path_factory.mktemp("cli"))
        return ident, (done.returncode, json.loads(done.stdout) if done.stdout.strip() else None, done.stderr)

    with ThreadPoolExecutor(2) as pool:
        return dict(pool.map(one, CASES))


def test_the_page_offers_every_declared_question():
    offered = {q["name"] for q in questions_json()}
    assert offered == {q.name for q in all_questions()}
    assert {name for name, *_ in CASES} and {c[1] for c in CASES} == offered


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_each_question_answers_on_the_page_as_the_cli(client, cli, case):
    ident, name, documents, query, _ = case
    page = page_questions()[name]
    body = documents[page.documents[0].name] if len(documents) == 1 else documents
    reply = client.post(page.route, json=body, params=query)
    code, cli_json, stderr = cli[ident]
    if code == 2:
        assert reply.status_code == 400 and reply.json()["error"] == stderr.strip()
        return
    assert reply.status_code == 200, reply.text
    answered = reply.json()
    assert (answered["exit"], answered["answer"]) == (code, cli_json), stderr
    assert ("svg" in answered) == page.question.draws


def test_a_bad_option_is_refused_naming_it(client):
    replay = page_questions()["whitehouse-replay"]
    entry = next(q for q in questions_json() if q["name"] == "whitehouse-replay")
    log = next(iter(entry["documents"][0]["examples"].values()))
    reply = client.post(replay.route, json=log, params={"at": "soon"})
    assert reply.status_code == 400 and reply.json()["error"] == "verify: at: 'soon' is not a whole number"
    reply = client.post(replay.route, json=log, params={"at": "999"})
    assert reply.status_code == 400 and "there is no move 999" in reply.json()["error"]


def test_a_new_declared_question_is_on_the_page_with_no_edit_to_web(monkeypatch):
    """A toy question, declared as a game declares one, gets its route, its form in /api/info and
    its answer on the page."""
    from dataclasses import dataclass

    import web.answers
    import web.app
    from model.common.question import Answered, Document, Option, Question, Shared

    @dataclass(frozen=True)
    class Count(Answered):
        cards: int
        at_least: int | None

        @property
        def exit_status(self) -> int:
            return 1 if self.at_least is not None and self.cards < self.at_least else 0

        def to_json(self) -> dict:
            return {"cards": self.cards}

        def to_text(self, unicode: bool) -> str:
            return f"{self.cards}\n"

    toy = Question(game="toy", words=("toy", "count"), help="Count the cards of a hand.",
                   parameters=(Document("hand", "HAND.json|-", "hand.json"), Shared("json", "One JSON object."),
                               Option("at_least", ("--at-least",), "integer", "The least count.", "N", 0)),
                   answer=lambda asked: Count(len(asked.inputs.read("hand")[1]["cards"]),
                                              asked.options["at_least"]))
    monkeypatch.setattr(web.answers, "all_questions", lambda: (*all_questions(), toy))
    for cached in (web.answers.page_questions, web.app.questions_json, web.app.runs_long):
        cached.cache_clear()
    try:
        app = create_app(Settings(allowed_hosts=frozenset({"testserver"}), time_limit=5.0, max_solves=1,
                                  start_method="fork"))
        with TestClient(app) as toy_client:
            listed = {q["name"]: q for q in toy_client.get("/api/info").json()["questions"]}
            assert listed["toy-count"]["route"] == "/api/toy/count"
            assert listed["toy-count"]["options"][0]["flag"] == "--at-least"
            reply = toy_client.post("/api/toy/count", json={"cards": [1, 2]}, params={"at_least": "3"})
            assert reply.status_code == 200 and reply.json() == {"exit": 1, "answer": {"cards": 2}}
    finally:
        monkeypatch.undo()
        for cached in (web.answers.page_questions, web.app.questions_json, web.app.runs_long):
            cached.cache_clear()

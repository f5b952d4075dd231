"""Every module the project emits is accepted by a real ptoas (issue 21).

What is checked (see :mod:`ptoas_corpus`): every example under every planner
with the whole flow, for the target it is written for; the PTO output of
every lit RUN line that lowers to PTO and is not an error test; the sample
dumps of ``examples/pypto/`` and every kernel of ``../shared/pypto-lib-sample/``
that ``xdsl-pto import-pypto`` imports today, under every planner. ptoas runs
with ``--pto-level=level3`` when every address is baked, ``level2`` when it
places buffers, and the module's ``pto.target_arch``. The one refusal that
counts as an answer is the overflow ``pto-plan-memory{planner=ptoas}`` warned
about (an in-place reuse ptoas's planner does not make). A dump the importer
refuses is counted and reported (the end of the session), not failed.

The ptoas binary: ``$PTOAS``, else ``ptoas`` on ``PATH``
(``../shared/tools/ptoas/install.sh`` installs one; ``.ci/run`` does). Without
one the whole module is skipped with one line saying so.
"""

from __future__ import annotations

import pytest

from xdsl_pto.diagnostics import PassError

import ptoas_corpus as corpus

PTOAS = corpus.find_ptoas()
if PTOAS is None:
    pytest.skip(
        "no ptoas ($PTOAS unset and none on PATH): test/ptoas skipped "
        "(../shared/tools/ptoas/install.sh installs ptoas v0.48)",
        allow_module_level=True,
    )



def _judge(text: str, name: str) -> None:
    assert PTOAS is not None
    ok, why = corpus.judge(PTOAS, text, name)
    assert ok, f"{name}: ptoas refuses it: {why}"


@pytest.mark.parametrize(
    "example,planner,arch",
    corpus.example_cases(),
    ids=[f"{e.split('/')[-1]}-{p}-{a}" for e, p, a in corpus.example_cases()],
)
def test_example_is_accepted(example: str, planner: str, arch: str) -> None:
    _judge(corpus.lower_example(example, planner, arch), f"{example} {planner} {arch}")


@pytest.mark.parametrize("lit_file", corpus.lit_files(), ids=lambda f: f.removeprefix("test/lit/"))
def test_lit_output_is_accepted(lit_file: str) -> None:
    modules = corpus.lit_outputs(lit_file)
    if not modules:  # every case of a --verify-diagnostics file is an expected error
        assert "--verify-diagnostics" in open(corpus.ROOT + "/" + lit_file, encoding="utf-8").read(), (
            f"{lit_file}: no RUN line of it printed PTO (the corpus reader missed its form)"
        )
    refused = []
    for m in modules:
        assert PTOAS is not None
        ok, why = corpus.judge(PTOAS, m.text, m.label)
        if not ok:
            refused.append(f"{m.label}: {why}")
    assert not refused, "ptoas refuses:\n" + "\n".join(refused)


@pytest.mark.parametrize("dump", corpus.pypto_dumps(), ids=lambda d: d.split("pypto-lib-sample/")[-1])
def test_imported_dump_is_accepted(dump: str, record_property) -> None:
    # counted for the session summary (conftest.py), also from pytest-xdist workers
    try:
        tile = corpus.import_dump(dump)
    except corpus.NotImported:
        record_property(corpus.DUMP_PROPERTY, "not imported")
        return
    refused = []
    for planner in corpus.PLANNERS:
        try:
            pto = corpus.lower_dump(dump, planner, tile)
        except PassError as err:
            # a located refusal of a real model kernel (issue 24: a plan over
            # the capacity, e.g. mlp_out_cast's narrowing cast on a3 under seed
            # 002's rule): counted; the shipped samples of examples/pypto must
            # compile
            if "pypto-lib-sample/" not in dump:
                raise
            refused.append(f"{planner}: {str(err).splitlines()[0]}")
            continue
        _judge(pto, f"{dump} {planner}")
    record_property(corpus.DUMP_PROPERTY, "imported, refused by a pass" if refused else "imported")

"""The cube family of issue 23 in the interpreter: the lit kernels of
test/lit/tile-ops/ (gemv.mlir, mx.mlir, batch-matmul.mlir) run logically
and -- planned for their target -- physically, bit for bit the same; each
result compared with a numpy formula written here (reference/tile-op-
semantics.md section 8: gemv's row 0, the MX product with e8m0 scales as
powers of two, the batched product with a broadcast rhs). Also the 4-bit
and MX element types' sizes and PTO spelling, and the import of the ops.
"""

from __future__ import annotations

from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from xdsl.dialects.builtin import Float4E2M1FNType, Float8E8M0FNUType
from xdsl.utils.exceptions import VerifyException

from xdsl_pto.dialects.tile.types import TileType
from xdsl_pto.interp import run_function
from xdsl_pto.lowering.tile_buf import tile_buf_type
from xdsl_pto.tools.session import parse_module, run_pipeline

LIT = Path(__file__).resolve().parents[1] / "lit" / "tile-ops"
RNG = np.random.default_rng(2324)


def run(name: str, fn: str, inputs: list[np.ndarray], backend: str) -> list[np.ndarray]:
    """The arguments of ``fn`` in lit file ``name`` after a logical run; the
    planned physical run must agree bit for bit."""
    text = (LIT / name).read_text()
    logical = run_function(parse_module(text), fn, inputs, mode="logical").outputs
    planned = run_pipeline(parse_module(text), f"pto-plan-memory{{backend={backend} verify=true}}")
    done = run_function(planned, fn, inputs, mode="physical", check_reads=True)
    assert done.writers.divergence is None, done.writers.divergence
    for a, b in zip(logical, done.outputs):
        assert a.tobytes() == b.tobytes(), "planned run differs"
    return logical


def f16(shape: tuple[int, ...]) -> np.ndarray:
    return RNG.uniform(-2, 2, shape).astype(np.float16)


def test_gemv_family():
    a, b = f16((1, 64)), f16((64, 32))
    bias = RNG.uniform(-2, 2, (1, 32)).astype(np.float32)
    c = np.zeros((16, 32), np.float32)
    out = run("gemv.mlir", "gemv", [a, b, bias, c], "a3")[3]
    prod = a.astype(np.float64) @ b.astype(np.float64)
    # the last store is gemv_bias then gemv_acc: bias + 2 * a @ b in row 0
    np.testing.assert_allclose(out[0], (bias[0] + 2 * prod[0]), rtol=1e-5, atol=1e-4)
    # the store writes the valid row only (the lowering's partition view is
    # 1x32): rows 1..15 keep the tensor's zeros
    assert (out[1:] == 0).all()


def test_gemv_acc_alone():
    """The first store's value (gemv partial, then gemv_acc final): 2 a @ b."""
    text = (LIT / "gemv.mlir").read_text().replace(
        "  tile.store %acc3, %c[%c0, %c0] : !tile.tile<16x32xf32, acc, valid = 1x32>, memref<16x32xf32>\n", ""
    )
    a, b = f16((1, 64)), f16((64, 32))
    inputs = [a, b, np.zeros((1, 32), np.float32), np.zeros((16, 32), np.float32)]
    out = run_function(parse_module(text), "gemv", inputs, mode="logical").outputs[3]
    np.testing.assert_allclose(out[0], 2 * (a.astype(np.float64) @ b.astype(np.float64))[0], rtol=1e-5, atol=1e-4)


def mx_inputs() -> list[np.ndarray]:
    fp8 = np.dtype(ml_dtypes.float8_e4m3fn)
    e8 = np.dtype(ml_dtypes.float8_e8m0fnu)
    a = RNG.uniform(-2, 2, (32, 64)).astype(fp8)
    b = RNG.uniform(-2, 2, (64, 32)).astype(fp8)
    sa = np.exp2(RNG.integers(-2, 3, (32, 2)).astype(np.float64)).astype(e8)
    sb = np.exp2(RNG.integers(-2, 3, (2, 32)).astype(np.float64)).astype(e8)
    bias = RNG.uniform(-2, 2, (1, 32)).astype(np.float32)
    return [a, sa, b, sb, bias, np.zeros((32, 32), np.float32)]


def test_mx_family():
    a, sa, b, sb, bias, c = mx_inputs()
    out = run("mx.mlir", "mx", [a, sa, b, sb, bias, c], "a5")[5]
    # sum_k a[m, k] 2^(ea[m, k // 32]) b[k, n] 2^(eb[k // 32, n])
    scaled_a = a.astype(np.float64) * np.repeat(sa.astype(np.float64), 32, axis=1)
    scaled_b = b.astype(np.float64) * np.repeat(sb.astype(np.float64), 32, axis=0)
    want = bias.astype(np.float64) + scaled_a @ scaled_b  # the last store: matmul_mx_bias
    np.testing.assert_allclose(out, want, rtol=1e-5, atol=1e-4)


def test_mx_acc_and_scale_binding():
    """matmul_mx then matmul_mx_acc: twice the product; tget_scale_addr
    passes the scales through."""
    text = (LIT / "mx.mlir").read_text().replace(
        "  tile.store %acc2, %c[%c0, %c0] : !tile.tile<32x32xf32, acc>, memref<32x32xf32>\n", ""
    )
    a, sa, b, sb, bias, c = mx_inputs()
    out = run_function(parse_module(text), "mx", [a, sa, b, sb, bias, c], mode="logical").outputs[5]
    scaled_a = a.astype(np.float64) * np.repeat(sa.astype(np.float64), 32, axis=1)
    scaled_b = b.astype(np.float64) * np.repeat(sb.astype(np.float64), 32, axis=0)
    np.testing.assert_allclose(out, 2 * (scaled_a @ scaled_b), rtol=1e-5, atol=1e-4)


def test_batch_matmul_family():
    a, b = f16((2, 32, 32)), f16((32, 32))
    out = run("batch-matmul.mlir", "bmm", [a, b, np.zeros((2, 32, 32), np.float32)], "a3")[2]
    # batch_matmul then batch_matmul_acc with the 2-D rhs broadcast: 2 a[i] @ b
    want = 2 * np.matmul(a.astype(np.float64), b.astype(np.float64))
    np.testing.assert_allclose(out, want, rtol=1e-5, atol=1e-4)


def test_batched_tile_bytes():
    """A rank-3 tile is planned by its bytes: 2 x 32 x 32 f16 = 4096."""
    planned = run_pipeline(parse_module((LIT / "batch-matmul.mlir").read_text()), "pto-plan-memory{backend=a3}")
    sizes = {op.sym_name.data: op.size.data for op in planned.walk() if op.name == "tile.alloc"}  # type: ignore[attr-defined]
    assert sizes == {"mem_mat_0": 4096, "mem_mat_1": 2048, "mem_left_2": 4096, "mem_right_3": 2048, "mem_acc_4": 8192}


def test_4bit_tiles():
    """fp4 e2m1 packs two per byte (sizes round up); ptoas reads it as the
    packed pair !pto.f4E2M1x2 with half the columns; an odd last dimension
    is refused."""
    t = TileType([16, 64], Float4E2M1FNType(), "mat")
    assert t.size_bytes == 512
    assert TileType([3, 2], Float4E2M1FNType(), "mat").size_bytes == 3
    buf = tile_buf_type(t)
    assert (str(buf.dtype), buf.rows, buf.cols) == ("!pto.f4E2M1x2", 16, 32)
    with pytest.raises(VerifyException, match="its last dimension must be even, got \\[16, 63\\]"):
        TileType([16, 63], Float4E2M1FNType(), "mat").verify()
    s = TileType([32, 2], Float8E8M0FNUType(), "left_scale")
    assert s.size_bytes == 64
    assert (tile_buf_type(s).loc, str(tile_buf_type(s).dtype), tile_buf_type(s).fractal) == ("scaling", "!pto.f8E8M0", 32)

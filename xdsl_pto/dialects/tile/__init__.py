"""The Tile dialect: on-chip tiles, their MemRefs and the tile ops."""

from xdsl.ir import Dialect

from xdsl_pto.dialects.tile.broadcast_ops import BROADCAST_OPS
from xdsl_pto.dialects.tile.composite_ops import COMPOSITE_OPS
from xdsl_pto.dialects.tile.assembly_ops import ASSEMBLY_OPS
from xdsl_pto.dialects.tile.cross_core_ops import (
    CROSS_CORE_MOVE_OPS,
    TPopFromAicOp,
    TPopFromAivOp,
    TPushToAicOp,
    TPushToAivOp,
)
from xdsl_pto.dialects.tile.cube_family_ops import CUBE_FAMILY_OPS
from xdsl_pto.dialects.tile.cube_ops import MatmulAccOp, MatmulBiasOp, MatmulOp
from xdsl_pto.dialects.tile.data_ops import (
    AllocOp,
    CreateOp,
    ExtractOp,
    FullOp,
    LoadOp,
    MoveOp,
    StoreOp,
)
from xdsl_pto.dialects.tile.fillpad_ops import FILLPAD_OPS
from xdsl_pto.dialects.tile.generator_ops import GENERATOR_OPS
from xdsl_pto.dialects.tile.elementwise_ops import ELEMENTWISE_OPS
from xdsl_pto.dialects.tile.pipe_setup_ops import (
    AicInitializePipeOp,
    AivInitializePipeOp,
    GetSubblockIdxOp,
    ImportPeerBufferOp,
    ReserveBufferOp,
    TFreeToAicOp,
    TFreeToAivOp,
)
from xdsl_pto.dialects.tile.reduction_ops import REDUCTION_OPS
from xdsl_pto.dialects.tile.scalar_access_ops import SCALAR_ACCESS_OPS
from xdsl_pto.dialects.tile.gather_ops import GATHER_OPS
from xdsl_pto.dialects.tile.scatter_ops import SCATTER_OPS
from xdsl_pto.dialects.tile.sort_ops import SORT_OPS
from xdsl_pto.dialects.tile.target_ops import (
    FmodOp,
    FmodsOp,
    PreluOp,
    RemOp,
    RemsOp,
    SelsOp,
)
from xdsl_pto.dialects.tile.types import (
    AllocBindingAttr,
    MemorySpace,
    MemRefAttr,
    TileType,
)
from xdsl_pto.dialects.tile.vector_ops import (
    AbsOp,
    AddOp,
    AddsOp,
    CastOp,
    CmpOp,
    CmpsOp,
    ColExpandAddOp,
    ColExpandDivOp,
    ColExpandMulOp,
    ColExpandOp,
    ColExpandSubOp,
    DivOp,
    DivsOp,
    ExpOp,
    LogOp,
    MaximumOp,
    MinimumOp,
    MulOp,
    MulsOp,
    NegOp,
    RecipOp,
    ReluOp,
    RowExpandAddOp,
    RowExpandDivOp,
    RowExpandMulOp,
    RowExpandOp,
    RowExpandSubOp,
    RowMaxOp,
    RowMinOp,
    RowSumOp,
    RsqrtOp,
    SelOp,
    SqrtOp,
    SubOp,
    SubsOp,
)
from xdsl_pto.dialects.tile.sync_ops import SYNC_OPS
from xdsl_pto.dialects.tile.view_ops import (
    ReinterpretViewOp,
    ReshapeOp,
    SetValidShapeOp,
    SliceOp,
    TransposeOp,
    TransposeViewOp,
)

TILE_OPS = [
    AllocOp, LoadOp, StoreOp, CreateOp, FullOp, MoveOp, ExtractOp,
    AddOp, SubOp, MulOp, DivOp, MaximumOp, MinimumOp,
    AddsOp, SubsOp, MulsOp, DivsOp,
    ExpOp, LogOp, SqrtOp, RsqrtOp, RecipOp, NegOp, AbsOp, ReluOp, CastOp,
    RowSumOp, RowMaxOp, RowMinOp,
    RowExpandOp, RowExpandAddOp, RowExpandSubOp, RowExpandMulOp, RowExpandDivOp,
    ColExpandOp, ColExpandAddOp, ColExpandSubOp, ColExpandMulOp, ColExpandDivOp,
    SelOp, CmpOp, CmpsOp,
    SelsOp, PreluOp, RemOp, RemsOp, FmodOp, FmodsOp,
    SliceOp, ReshapeOp, TransposeOp,
    MatmulOp, MatmulAccOp, MatmulBiasOp,
    TPopFromAicOp, TPopFromAivOp, TPushToAicOp, TPushToAivOp,
    ReserveBufferOp, ImportPeerBufferOp, AicInitializePipeOp, AivInitializePipeOp,
    TFreeToAicOp, TFreeToAivOp, GetSubblockIdxOp,
    # issue 23: reductions, generators, scalar access, fill / pad
    *REDUCTION_OPS, *GENERATOR_OPS, *SCALAR_ACCESS_OPS, *FILLPAD_OPS,
    *ELEMENTWISE_OPS, *COMPOSITE_OPS, *BROADCAST_OPS,
    # issue 23: sort, gather and scatter
    *SORT_OPS, *GATHER_OPS, *SCATTER_OPS,
    # issue 23: batched, gemv and MX matmuls, the scale binding
    *CUBE_FAMILY_OPS,
    # issue 23: views, assembly and cross-core moves
    ReinterpretViewOp, TransposeViewOp, SetValidShapeOp, *ASSEMBLY_OPS, *CROSS_CORE_MOVE_OPS,
    # issue 24: the cross-core barrier of the real kernels
    *SYNC_OPS,
]

Tile = Dialect("tile", TILE_OPS, [TileType, MemRefAttr, AllocBindingAttr])

__all__ = ["Tile", "TILE_OPS", "TileType", "MemRefAttr", "AllocBindingAttr", "MemorySpace"]

"""The PTO dialect (``pto``): the tile IR that the ``ptoas`` assembler reads.

Modules:

- :mod:`.types` -- ``!pto.ptr``, ``!pto.tensor_view``, ``!pto.partition_tensor_view``,
  ``!pto.tile_buf``, ``!pto.multi_tile_buf``;
- :mod:`.attrs` -- ``#pto.kernel_kind``, ``#pto.layout``, ``#pto<round_mode ..>``,
  ``#pto<saturation_mode ..>``, ``#pto<cmp ..>``;
- :mod:`.ops` -- view and allocation ops (``make_tensor_view``, ``partition_view``,
  ``alloc_tile``, ``alloc_multi_tile``, ``multi_tile_get``, ``subview``);
- :mod:`.cross_core` -- the cross-core pipe ops (``tpop_from_aic``/``aiv``,
  ``tpush_to_aic``/``aiv``);
- :mod:`.pipe_setup` -- the pipe setup ops (``reserve_buffer``,
  ``import_reserved_buffer``, ``aic``/``aiv_initialize_pipe``,
  ``tfree_from_aic``/``aiv``, ``get_subblock_idx``);
- :mod:`.dps` -- destination-passing compute/data ops (``pto.tadd ins(..) outs(..)``)
  and the :data:`PTO_DPS_OPS` name -> class table;
- :mod:`.reductions`, :mod:`.generators`, :mod:`.scalar_access`, :mod:`.fillpad`
  -- the ops of issue 23's reductions, generators (``tci``, ``ttri``,
  ``trandom``), single-element access (``tgetval``, ``tsetval``) and fills
  (``tfillpad_inplace``, ``tfillpad_expand``); :data:`FAMILY_OPS` by short name.
- :mod:`.vector` -- the destination-passing ops of issue 23's vector family
  (``tand``, ``txor``, ``tpartadd``, ``trowexpandmax``...);
- :mod:`.sync` -- the cross-core barrier ``pto.syncall`` (issue 24);
- :mod:`.sort_gather` -- issue 23's sort / gather / scatter ops (``tgather``,
  ``tgatherb``, ``tscatter``, ``mgather``, ``mscatter``, ``tsort32``,
  ``tmrgsort``), in :data:`FAMILY_OPS` too.

``PTO`` is the :class:`xdsl.ir.Dialect` to load into a context.
"""

from xdsl.ir import Dialect

from .attrs import (
    AccPhaseAttr,
    AtomicType,
    AtomicTypeAttr,
    NotifyOp,
    NotifyOpAttr,
    SyncAllMode,
    SyncAllModeAttr,
    SyncCoreType,
    SyncCoreTypeAttr,
    WaitCmp,
    WaitCmpAttr,
    AddressSpace,
    AddressSpaceAttr,
    CmpMode,
    CmpModeAttr,
    CoalesceAttr,
    GatherOobAttr,
    KernelKind,
    KernelKindAttr,
    Layout,
    LayoutAttr,
    MaskPatternAttr,
    RoundMode,
    RoundModeAttr,
    SaturationMode,
    SaturationModeAttr,
)
from .cross_core import (
    CROSS_CORE_OPS,
    PTO_CROSS_CORE_OPS,
    TPopFromAicOp,
    TPopFromAivOp,
    TPushToAicOp,
    TPushToAivOp,
)
from .sync import SYNC_PTO_OPS, SyncAllOp
from .comm import COMM_PTO_OPS
from .dps import DPS_OP_CLASSES as _CORE_DPS_OPS
from .dps import (
    TAbsOp,
    TAddOp,
    TAddSOp,
    TCmpOp,
    TCmpSOp,
    TColExpandAddOp,
    TColExpandDivOp,
    TColExpandMulOp,
    TColExpandOp,
    TColExpandSubOp,
    TCvtOp,
    TDivOp,
    TDivSOp,
    TExpandsOp,
    TExpOp,
    TExtractOp,
    TFillPadOp,
    TFModOp,
    TFModSOp,
    TLoadOp,
    TLogOp,
    TMatmulAccOp,
    TMatmulBiasOp,
    TMatmulOp,
    TMaxOp,
    TMaxSOp,
    TMinOp,
    TMinSOp,
    TMovOp,
    TMulOp,
    TMulSOp,
    TNegOp,
    TPreluOp,
    TRecipOp,
    TReluOp,
    TRemOp,
    TRemSOp,
    TReshapeOp,
    TRowExpandAddOp,
    TRowExpandDivOp,
    TRowExpandMulOp,
    TRowExpandOp,
    TRowExpandSubOp,
    TRowMaxOp,
    TRowMinOp,
    TRowSumOp,
    TRsqrtOp,
    TSelOp,
    TSelSOp,
    TSqrtOp,
    TStoreOp,
    TSubOp,
    TSubSOp,
    TTransOp,
)
from .dps_base import PTODpsOp
from .dps_signatures import DPS_SIGNATURES, DpsSignature, Slot
from .fillpad import FILLPAD_PTO_OPS
from .generators import GENERATOR_PTO_OPS
from .ops import (
    AllocMultiTileOp,
    AllocTileOp,
    MakeTensorViewOp,
    MultiTileGetOp,
    PartitionViewOp,
    SubviewOp,
)
from .pipe_setup import PIPE_SETUP_OPS
from .reductions import REDUCTION_PTO_OPS
from .scalar_access import SCALAR_ACCESS_PTO_OPS
from .sort_gather import SORT_GATHER_PTO_OPS
from .cube_family import CUBE_FAMILY_PTO_OPS
from .views import VIEW_PTO_OPS
from .vector import VECTOR_DPS_OPS
from .types import (
    BOX_LAYOUTS,
    COMPACT_VALUES,
    DYNAMIC,
    F4E2M1x2Type,
    F8E8M0Type,
    FRACTALS,
    PAD_VALUES,
    TILE_BUF_KEYS,
    TILE_LOCS,
    MultiTileBufType,
    PartitionTensorViewType,
    PtrType,
    TensorViewType,
    TileBufType,
)

DPS_OP_CLASSES: tuple[type[PTODpsOp], ...] = (*_CORE_DPS_OPS, *VECTOR_DPS_OPS)
"""Every destination-passing op class."""

PTO_DPS_OPS: dict[str, type[PTODpsOp]] = {op.name.split(".", 1)[1]: op for op in DPS_OP_CLASSES}
"""Short PTO op name (``"tadd"``, ``"tmatmul.acc"``, ``"tand"``...) -> op class."""

PTO_VIEW_AND_ALLOC_OPS = (
    MakeTensorViewOp,
    PartitionViewOp,
    AllocTileOp,
    AllocMultiTileOp,
    MultiTileGetOp,
    SubviewOp,
)

#: The ops of issue 23's reduction / generator / scalar-access / fill family,
#: by short PTO name (``"trowprod"``, ``"tgetval"``...).
FAMILY_OPS = {
    op.name.split(".", 1)[1]: op
    for op in (
        *REDUCTION_PTO_OPS,
        *GENERATOR_PTO_OPS,
        *SCALAR_ACCESS_PTO_OPS,
        *FILLPAD_PTO_OPS,
        *SORT_GATHER_PTO_OPS,
        *CUBE_FAMILY_PTO_OPS,
        *VIEW_PTO_OPS,
    )
}

PTO = Dialect(
    "pto",
    [*PTO_VIEW_AND_ALLOC_OPS, *DPS_OP_CLASSES, *CROSS_CORE_OPS, *PIPE_SETUP_OPS, *FAMILY_OPS.values(), *SYNC_PTO_OPS, *COMM_PTO_OPS],
    [
        PtrType,
        TensorViewType,
        PartitionTensorViewType,
        TileBufType,
        MultiTileBufType,
        F8E8M0Type,
        F4E2M1x2Type,
        KernelKindAttr,
        LayoutAttr,
        AddressSpaceAttr,
        RoundModeAttr,
        SaturationModeAttr,
        CmpModeAttr,
        MaskPatternAttr,
        CoalesceAttr,
        GatherOobAttr,
        AccPhaseAttr,
        AtomicTypeAttr,
        SyncAllModeAttr,
        SyncCoreTypeAttr,
        NotifyOpAttr,
        WaitCmpAttr,
    ],
)
"""The ``pto`` dialect: all PTO ops, types and attributes."""

__all__ = [
    "COMM_PTO_OPS",
    "SYNC_PTO_OPS",
    "SyncAllOp",
    "AddressSpace",
    "AddressSpaceAttr",
    "PIPE_SETUP_OPS",
    "CROSS_CORE_OPS",
    "PTO_CROSS_CORE_OPS",
    "BOX_LAYOUTS",
    "COMPACT_VALUES",
    "DPS_OP_CLASSES",
    "DPS_SIGNATURES",
    "DYNAMIC",
    "FAMILY_OPS",
    "FRACTALS",
    "PAD_VALUES",
    "PTO",
    "PTO_DPS_OPS",
    "PTO_VIEW_AND_ALLOC_OPS",
    "TILE_BUF_KEYS",
    "TILE_LOCS",
    "AllocMultiTileOp",
    "AllocTileOp",
    "CmpMode",
    "CmpModeAttr",
    "DpsSignature",
    "KernelKind",
    "KernelKindAttr",
    "Layout",
    "LayoutAttr",
    "MakeTensorViewOp",
    "MultiTileBufType",
    "MultiTileGetOp",
    "PTODpsOp",
    "PartitionTensorViewType",
    "PartitionViewOp",
    "PtrType",
    "RoundMode",
    "RoundModeAttr",
    "SaturationMode",
    "SaturationModeAttr",
    "Slot",
    "SubviewOp",
    "TensorViewType",
    "TileBufType",
    "TPopFromAicOp",
    "TPopFromAivOp",
    "TPushToAicOp",
    "TPushToAivOp",
    *(op.__name__ for op in DPS_OP_CLASSES),
]

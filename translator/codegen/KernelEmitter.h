//===- KernelEmitter.h - Print calc and copy kernels ------------*- C++ -*-===//
//
// OpenCL C and CUDA kernels differ only in spelling (qualifiers, index
// builtins, barriers); the structure is shared. A KernelDialect supplies the
// spelling, KernelEmitter the structure.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_CODEGEN_KERNELEMITTER_H
#define TILEC_CODEGEN_KERNELEMITTER_H

#include "ir/StencilIR.h"

#include <optional>
#include <string>
#include <vector>

namespace tilec {

class KernelDialect {
public:
  virtual ~KernelDialect() = default;
  /// e.g. "__kernel void" or "__global__ void".
  virtual std::string kernelPrefix() const = 0;
  /// A cap of `Registers` per work item for a kernel of `GroupSize` work
  /// items per group, where the target takes one (" __launch_bounds__(...)"
  /// after the prefix), else "".
  virtual std::string registerCap(int64_t GroupSize, int64_t Registers) const {
    (void)GroupSize, (void)Registers;
    return "";
  }
  /// For a kernel without a registerCap: a bound of `GroupSize` work items
  /// per group, where the target needs one so that the compiler keeps the
  /// registers low enough for such a group to launch
  /// (" __launch_bounds__(512)"), else "".
  virtual std::string groupSizeBound(int64_t GroupSize) const {
    (void)GroupSize;
    return "";
  }
  /// Qualifier for pointers to device memory, e.g. "__global " or "".
  virtual std::string globalSpace() const = 0;
  /// Spelling of `restrict` in a parameter, e.g. "restrict" or "__restrict__".
  virtual std::string restrictKeyword() const = 0;
  /// The work item's global index along dimension 0 (x), 1 (y) or 2 (z).
  virtual std::string globalId(unsigned Dim) const = 0;
  virtual std::string localId(unsigned Dim) const = 0;
  virtual std::string groupId(unsigned Dim) const = 0;
  virtual std::string groupCount(unsigned Dim) const = 0;
  /// Qualifier for pointers to local memory, e.g. "__local " or "".
  virtual std::string localSpace() const = 0;
  /// Declares an array in local memory; `Dims` is e.g. "[2][10][34]".
  virtual std::string localArray(const std::string &Type,
                                 const std::string &Name,
                                 const std::string &Dims) const = 0;
  /// Declares the buffer of local memory sized at launch that
  /// dynamicLocalArray places arrays in, or "" where there is none.
  virtual std::string dynamicLocalBuffer() const { return ""; }
  /// Declares an array in local memory sized at launch
  /// (Mapping::DynamicLocalMemory), `Offset` bytes (a multiple of 16) into
  /// it, so that subscripts read as those of localArray; where the target
  /// sizes no local memory at launch, a localArray.
  virtual std::string dynamicLocalArray(const std::string &Type,
                                        const std::string &Name,
                                        const std::string &Dims,
                                        int64_t Offset) const {
    (void)Offset;
    return localArray(Type, Name, Dims);
  }
  /// Whether the target's compiler merges contiguous loads from a local
  /// array declared by alignedLocalArray into vector loads (16 bytes at a
  /// time), so that emitters may lay out what a work item reads for it.
  virtual bool mergesAlignedLocalLoads() const { return false; }
  /// A local array whose start is aligned to 16 bytes.
  virtual std::string alignedLocalArray(const std::string &Type,
                                        const std::string &Name,
                                        const std::string &Dims) const {
    return localArray(Type, Name, Dims);
  }
  /// The target's vector of `Width` `Scalar`s (16 bytes), e.g. "int4",
  /// or "" where emitters should keep to scalars.
  virtual std::string vectorType(const std::string &Scalar,
                                 int64_t Width) const {
    (void)Scalar, (void)Width;
    return "";
  }
  /// A vector of type `Vector` read from global memory at `Element` (an
  /// lvalue of its first scalar, aligned to the vector's size).
  virtual std::string vectorLoad(const std::string &Vector,
                                 const std::string &Element) const {
    (void)Vector, (void)Element;
    return "";
  }
  /// A statement writing `Values` (comma-separated scalars) as one vector.
  virtual std::string vectorStore(const std::string &Vector,
                                  const std::string &Element,
                                  const std::string &Values) const {
    (void)Vector, (void)Element, (void)Values;
    return "";
  }
  /// A line asking the compiler to unroll the loop that follows fully, or
  /// "" where the target's compiler is left to decide.
  virtual std::string unrollHint() const { return ""; }
  /// The lines asking the compiler to unroll the loop that follows `Count`
  /// times, a loop whose trip count is known only at run time and whose
  /// body holds a barrier where `Barrier`.
  virtual std::vector<std::string> unrollBy(int64_t Count, bool Barrier) const {
    (void)Barrier;
    return {"#pragma unroll " + std::to_string(Count)};
  }
  virtual std::string barrier() const = 0;
  /// A barrier after which every work item of the group also sees what the
  /// others wrote to global memory.
  virtual std::string globalBarrier() const { return barrier(); }
  /// Whether the target copies from global to local memory asynchronously
  /// (asyncCopy, asyncCommit, asyncWait), so that a group computes on one
  /// buffer while the next fills.
  virtual bool copiesAsynchronously() const { return false; }
  /// What the code using the three below includes first.
  virtual std::string asyncCopyHeader() const { return ""; }
  /// Starts copying `Bytes` (4, 8 or 16, aligned) from global memory at
  /// `Source` to local memory at `Destination`.
  virtual std::string asyncCopy(const std::string &Destination,
                                const std::string &Source,
                                int64_t Bytes) const {
    (void)Destination, (void)Source, (void)Bytes;
    return "";
  }
  /// Closes the batch of copies this work item started since the last one.
  virtual std::string asyncCommit() const { return ""; }
  /// Waits until at most `Pending` of this work item's batches are in
  /// flight (a barrier then makes every work item's copies visible).
  virtual std::string asyncWait(int64_t Pending) const {
    (void)Pending;
    return "";
  }
  /// Target spelling of a C math function (OpenCL overloads sqrt for float).
  virtual std::string mathFunction(const std::string &Name) const = 0;
  /// A multiplication computed in `Type` (float or double) of the printed
  /// operands `L` and `R`, where the target must spell it so that its
  /// compiler cannot fuse it with an addition (ExprPrintOptions::
  /// FloatMultiply); "" keeps `L * R`.
  virtual std::string floatMultiply(ir::ScalarType Type, const std::string &L,
                                    const std::string &R) const {
    (void)Type, (void)L, (void)R;
    return "";
  }
  /// Whether kernels may be templates, compiled for each launch's
  /// arguments (CUDA; see wholeGridRows).
  virtual bool compilesTemplates() const { return false; }
};

/// The rows of the grid along axis 0 where a naive calc kernel is also
/// compiled for the slab that holds the whole grid (a template on them,
/// 0 for any slab; the host launches the first with a single slab): a slab
/// view (SlabView.h) of a grid whose rows are a constant, reading fields
/// with components, whose offsets then fold into the loads' addresses
/// instead of costing an add each. None elsewhere. The gain needs int
/// subscripts too, which the kernel prints where every index fits an int
/// (measured: docs/notes/himeno.md, "Int subscripts in the whole-grid
/// instance").
std::optional<int64_t> wholeGridRows(const ir::StencilRegion &Region);
/// The template parameter holding those rows in the kernel, and the
/// kernel's parameter holding a slab's rows.
std::string wholeGridRowsParam(const ir::StencilRegion &Region);
std::string slabRowsParam(const ir::StencilRegion &Region);

/// Names the kernels of a region: "<region>_calc", "<region>_copy".
std::string calcKernelName(const ir::StencilRegion &Region);
std::string copyKernelName(const ir::StencilRegion &Region);

/// Fields the calc kernel takes, in parameter order.
std::vector<unsigned> calcKernelFields(const ir::StencilRegion &Region);
/// Fields the copy kernel takes, in parameter order.
std::vector<unsigned> copyKernelFields(const ir::StencilRegion &Region);

/// Kernels of one region (calc, and copy when the copy nest runs as a
/// kernel). Parameters: the fields' buffers, then the captured scalars, then
/// the reduction's per-group results.
std::string emitKernels(const ir::StencilRegion &Region,
                        const KernelDialect &Dialect);

/// The reduction's identity value, e.g. "0.0f" or "INFINITY".
std::string reductionIdentity(const ir::Reduction &Reduce);

} // namespace tilec

#endif

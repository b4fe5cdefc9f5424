//===- HostEmitter.h - The host functions of a stencil region ---*- C++ -*-===//
//
// The device side of a region's host code is the same for every target:
// allocate and fill device buffers, launch calc (and copy, or swap buffers)
// when the call site asks, combine reductions, and copy back what the
// serial program would leave in the host arrays. A HostDialect supplies the
// API calls (OpenCL runtime or CUDA); RegionInterface.h fixes the functions'
// names and signatures, CallSite.h the code that calls them.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_CODEGEN_HOSTEMITTER_H
#define TILEC_CODEGEN_HOSTEMITTER_H

#include "codegen/CodeWriter.h"
#include "ir/StencilIR.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace tilec {

/// Launch shape of one kernel along dimensions x, y, z (x contiguous).
struct LaunchShape {
  unsigned Dims = 1;
  /// Work groups per dimension: a number, or with extents known only at
  /// run time a C expression of them (`(tilec_nx + 29) / 32`).
  std::array<std::string, 3> Groups{"1", "1", "1"};
  std::array<int64_t, 3> Local{1, 1, 1};
  /// A C condition under which some dimension has no group at run time
  /// (a grid too small for the stencil), when the launch is skipped; ""
  /// when that cannot happen.
  std::string Empty;
  /// Whether the host asks for a bound on the kernel's registers when it
  /// builds the program, where the target sets one only there (OpenCL;
  /// CUDA states it in the kernel, KernelDialect::registerCap).
  int64_t BuildRegisterCap = 0;
  /// Bytes of local memory the launch sizes for the kernel
  /// (Mapping::DynamicLocalMemory); 0 for none.
  int64_t DynamicLocalBytes = 0;

  /// Work items along dimension D, as C.
  std::string global(unsigned D) const;
  /// Groups along D as a number, when known at translation time.
  std::optional<int64_t> constantGroups(unsigned D) const;
  /// All the groups, as C (a number when known).
  std::string groups() const;
};

class HostDialect {
public:
  virtual ~HostDialect() = default;
  virtual std::string bufferType(const std::string &ElementType) const = 0;
  virtual std::string allocate(const std::string &ElementType,
                               const std::string &Bytes,
                               const std::string &What) const = 0;
  virtual std::string write(const std::string &Buffer, const std::string &Host,
                            const std::string &Bytes,
                            const std::string &What) const = 0;
  virtual std::string read(const std::string &Buffer, const std::string &Host,
                           const std::string &Bytes,
                           const std::string &What) const = 0;
  virtual std::string release(const std::string &Buffer) const = 0;
  /// What precedes the definition of a host function: `static` when it is
  /// in the user's file, `extern "C"` when it is in a .cu file.
  virtual std::string functionQualifier() const = 0;
  /// Declares whatever a kernel needs before its first launch: its shape and,
  /// for OpenCL, the kernel object. `Var` prefixes the names.
  virtual void declareKernel(CodeWriter &W, const std::string &Kernel,
                             const std::string &Var,
                             const LaunchShape &Shape) const = 0;
  /// Whether kernels may be templates (KernelDialect::compilesTemplates).
  virtual bool launchesTemplates() const { return false; }
  /// Launches with arguments given as host lvalues (buffer variables and
  /// captured scalars), in kernel parameter order.
  virtual void launch(CodeWriter &W, const std::string &Kernel,
                      const std::string &Var,
                      const std::vector<std::string> &Args) const = 0;

  /// Several devices (SlabView.h): the number of slabs TILEC_DEVICES asks
  /// for, as a C expression.
  virtual std::string slabCount() const = 0;
  /// Makes slab `Slab`'s device current for the calls that follow.
  virtual std::string useSlab(const std::string &Slab) const = 0;
  /// Copies `Bytes` from `Source` + `SourceOffset` (a buffer of slab
  /// `SourceSlab`) to `Destination` + `DestinationOffset` (slab
  /// `DestinationSlab`'s) once the work queued on both slabs is done. Copies
  /// run asynchronously, side by side, until exchangeEnd().
  virtual std::string
  copyBetween(const std::string &Destination,
              const std::string &DestinationSlab,
              const std::string &DestinationOffset, const std::string &Source,
              const std::string &SourceSlab, const std::string &SourceOffset,
              const std::string &Bytes, const std::string &What) const = 0;
  /// Marks the work queued so far on the current slab as what the next
  /// exchange's copies from and into it wait for: later launches run at the
  /// same time as the copies.
  virtual std::string exchangeMark() const = 0;
  /// Ends an exchange: later work on a slab waits for its copies.
  virtual std::string exchangeEnd() const = 0;
};

/// The launch shape covering [Lower, Upper) with the region's work group,
/// each work item computing `OuterPoints` consecutive points along the
/// outermost axis; when the kernel streams, one group per chunk of rows
/// along the streamed axis and overlapping groups along the others. An
/// axis whose `Own` upper bound is known only at run time ends relative
/// to a run-time extent.
LaunchShape launchShape(const ir::StencilRegion &Region,
                        const std::array<int64_t, ir::MaxAxes> &Lower,
                        const std::array<int64_t, ir::MaxAxes> &Upper,
                        const std::array<std::string, ir::MaxAxes> &Own,
                        bool Streamed, int64_t OuterPoints = 1);

/// `struct tilec_R { ... };`: the region's device buffers, declared with
/// the dialect's buffer type.
std::string emitRegionStruct(const ir::StencilRegion &Region,
                             const HostDialect &Dialect);

/// The region's host functions (RegionInterface.h). `Region` is the copy
/// with device-safe names that the kernels were printed from.
std::string emitHostFunctions(const ir::StencilRegion &Region,
                              const HostDialect &Dialect);

/// Regions with vectors picked at entry (VariantView.h): the index of the
/// vector for a grid of `Points` points (C text), as a C expression, and
/// the `tilec_time_blocks` table of their steps per launch.
std::string variantPick(const ir::StencilRegion &R, const std::string &Points);
std::string variantTimeBlocks(const ir::StencilRegion &R);

} // namespace tilec

#endif

//===- SlabHostWriter.h - A region's host functions over slabs -*- C++ -*-===//
//
// The region's enter, calc, copy, stage and leave functions
// (RegionInterface.h), with the signatures the call site expects, cut the grid
// into one slab per device along axis 0 and call the slab view's functions
// (SlabView.h) on each slab with its local rows, range and host pointers. After
// each launch they exchange the halo rows of the fields it wrote between
// neighbouring slabs. SlabHost.cpp writes the struct, enter, leave and the
// exchange; SlabLaunches.cpp the functions that launch.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_CODEGEN_SLABHOSTWRITER_H
#define TILEC_CODEGEN_SLABHOSTWRITER_H

#include "codegen/CodeWriter.h"
#include "codegen/HostEmitter.h"
#include "codegen/RegionInterface.h"
#include "ir/SlabView.h"

#include <map>
#include <string>
#include <vector>

namespace tilec {

class SlabHostWriter {
public:
  /// `S` is `R`'s slab view.
  SlabHostWriter(const ir::StencilRegion &R, const ir::StencilRegion &S,
                 const HostDialect &D)
      : R(R), S(S), D(D), Halo(ir::slabHalo(R)) {}

  /// Every function of the region over its slabs.
  std::string run();

private:
  const ir::StencilRegion &R;
  const ir::StencilRegion &S;
  const HostDialect &D;
  ir::SlabHalo Halo;
  CodeWriter W;

  static constexpr const char *Slab = "tilec_s";

  // --- Names in the emitted code.
  /// `tilec_region->Name[tilec_s]`, or without the index.
  std::string member(const std::string &Name, bool PerSlab = true) const {
    return "tilec_region->" + Name +
           (PerSlab ? std::string("[") + Slab + "]" : "");
  }
  /// Slab `Index`'s struct of slab-view buffers.
  std::string slab(const std::string &Index = Slab) const {
    return "tilec_region->tilec_slab[" + Index + "]";
  }
  /// Bytes of one row along axis 0 of field `I` (one component).
  std::string rowBytes(unsigned I) const;
  /// The rows slab `Index` holds.
  std::string heldRows(const std::string &Index = Slab) const;
  /// The field's components (1 without).
  int64_t components(unsigned I) const;

  // --- SlabHost.cpp
  void open(HostFunction F, const ir::StencilRegion &Signature,
            const std::string &Comment);
  void close();
  /// `for (tilec_s ...) {` with the slab's device current.
  void openSlabLoop();
  /// The call of the slab's `F` (of `SlabNest`, the slab view or one of its
  /// stages): each parameter is the wrapper's of the same name (`Nest`'s),
  /// unless `Local` gives the slab's own value.
  void callSlab(HostFunction F, const ir::StencilRegion &Nest,
                const ir::StencilRegion &SlabNest,
                std::map<std::string, std::string> Local);
  void enter();
  void leave();
  /// The whole grid's vector, for every slab (VariantView.h).
  void pickVariant();
  /// Each slab's halo rows of `Fields` from the neighbours that own them.
  void exchange(const std::vector<unsigned> &Fields);

  // --- SlabLaunches.cpp
  void calc();
  void copy();
  void stage(unsigned Index);
  /// `[max(Lower, From), min(Upper, To))` minus the slab's first row, as
  /// `Name`_lower and `Name`_upper; an empty range as lower == upper.
  void localRange(const std::string &Name, const std::string &Lower,
                  const std::string &Upper, const std::string &From,
                  const std::string &To);
  /// The local range of axis 0 for a nest whose global bounds are `Lower`
  /// and `Upper` and whose reads reach `Reach` rows: the rows the slab owns
  /// (`Owned`), or every row whose reads lie in the slab.
  void nestRange(const std::string &Name, const std::string &Lower,
                 const std::string &Upper, ir::Halo Reach, bool Owned);
  /// A slab view that launches in parts: the rows it writes, those it owns
  /// in the calc range [Lower, Upper) (tilec_rows_lower/upper), and how
  /// many the neighbours read at each end (tilec_rows_below/above), given
  /// in `Local` to the slab's calc.
  void launchParts(const std::string &Lower, const std::string &Upper,
                   std::map<std::string, std::string> &Local);
  /// The slab's copy range (every row it holds) as tilec_copy_lower/upper.
  void copyRange(std::map<std::string, std::string> &Local);
};

} // namespace tilec

#endif

//===- FileHeader.h - The comment at the top of every emitted file -*- C++
//-*-===//
#ifndef TILEC_CODEGEN_FILEHEADER_H
#define TILEC_CODEGEN_FILEHEADER_H

#include "codegen/Backend.h"

#include <string>
#include <vector>

namespace tilec {

/// A C comment naming the tool, the input, the device and, per region, the
/// parameters chosen; `Lines` are appended (e.g. how to build the file).
std::string fileHeader(const CodegenOptions &Options, const std::string &What,
                       const std::vector<ir::StencilRegion> &Regions,
                       const std::vector<std::string> &Lines);

/// `Lines` followed by the header lines of the regions in `Code` that have
/// one (apsp regions).
std::vector<std::string>
withRegionSummaries(std::vector<std::string> Lines,
                    const std::vector<RegionCode> &Code);

/// `Text` as the initialiser list of an array of C string literals, one
/// source line per literal line, each array element (adjacent literals
/// joined) shorter than the 4095 characters C99 compilers must accept.
std::string cStringArray(const std::string &Text, const std::string &Indent);

} // namespace tilec

#endif

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

/// The OpenCL C / CUDA text of `Text` as a C string literal, one source line
/// per literal line.
std::string cStringLiteral(const std::string &Text, const std::string &Indent);

} // namespace tilec

#endif

//===- Directive.cpp - Names of directive enumerations ------------------===//
#include "tilec/directives/Directive.h"

namespace tilec {

const char *directiveName(DirectiveKind Kind) {
  switch (Kind) {
  case DirectiveKind::Begin:
    return "begin";
  case DirectiveKind::End:
    return "end";
  case DirectiveKind::Step:
    return "step";
  case DirectiveKind::Data:
    return "data";
  case DirectiveKind::Dimension:
    return "dimension";
  case DirectiveKind::Calc:
    return "calc";
  case DirectiveKind::Copy:
    return "copy";
  }
  return "?";
}

const char *elementTypeName(ElementType Type) {
  switch (Type) {
  case ElementType::Float:
    return "float";
  case ElementType::Double:
    return "double";
  case ElementType::Int:
    return "int";
  }
  return "?";
}

const char *reductionOpName(ReductionOp Op) {
  switch (Op) {
  case ReductionOp::Sum:
    return "+";
  case ReductionOp::Min:
    return "min";
  case ReductionOp::Max:
    return "max";
  }
  return "?";
}

} // namespace tilec

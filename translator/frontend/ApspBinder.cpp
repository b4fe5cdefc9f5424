//===- ApspBinder.cpp - Match #pragma apsp lines to the loop nest --------===//
#include "frontend/ApspFrontend.h"

#include "frontend/CompoundIndex.h"

#include "clang/Basic/SourceManager.h"

namespace tilec {
namespace {

class ApspBinder {
public:
  ApspBinder(clang::ASTContext &Context, DiagnosticReporter &Diags)
      : SM(Context.getSourceManager()), Diags(Diags), Index(Context) {}

  std::vector<BoundApspRegion>
  run(const std::vector<RecordedApspDirective> &Dirs) {
    std::vector<BoundApspRegion> Bound;
    for (BoundApspRegion &R : group(Dirs))
      if (bind(R))
        Bound.push_back(R);
    return Bound;
  }

private:
  const clang::SourceManager &SM;
  DiagnosticReporter &Diags;
  CompoundIndex Index;

  std::vector<BoundApspRegion>
  group(const std::vector<RecordedApspDirective> &Dirs) {
    std::vector<BoundApspRegion> Regions;
    BoundApspRegion Current;
    bool Open = false, OpenValid = true;
    for (const RecordedApspDirective &D : Dirs) {
      ApspDirectiveKind K = D.D.Kind;
      if (D.FromMacro) {
        Diags.report(D.HashLoc, Diag::ApspDirectiveFromMacro);
        if (K == ApspDirectiveKind::Begin && !Open) {
          Current = BoundApspRegion();
          Current.Begin = &D;
          Open = true;
        }
        OpenValid = false;
        continue;
      }
      if (!SM.isInMainFile(D.HashLoc)) {
        Diags.report(D.HashLoc, Diag::ApspDirectiveNotInMainFile);
        continue;
      }
      if (K == ApspDirectiveKind::Begin) {
        if (Open) {
          Diags.report(D.NameLoc, Diag::ApspNestedBegin);
          OpenValid = false;
          continue;
        }
        Current = BoundApspRegion();
        Current.Begin = &D;
        Open = OpenValid = true;
        continue;
      }
      if (!Open) {
        Diags.report(D.NameLoc, Diag::ApspDirectiveOutsideRegion)
            << apspDirectiveName(K);
        continue;
      }
      if (K == ApspDirectiveKind::End) {
        Current.End = &D;
        if (OpenValid)
          Regions.push_back(Current);
        Open = false;
        continue;
      }
      const RecordedApspDirective *&Slot =
          K == ApspDirectiveKind::Data ? Current.Data : Current.Loops;
      if (Slot) {
        Diags.report(D.NameLoc, Diag::ApspDuplicateDirective)
            << apspDirectiveName(K);
        OpenValid = false;
        continue;
      }
      Slot = &D;
    }
    if (Open)
      Diags.report(Current.Begin->NameLoc, Diag::ApspMissingEnd);
    return Regions;
  }

  bool bind(BoundApspRegion &R) {
    bool Complete = true;
    for (auto [Directive, Name] :
         {std::pair{R.Data, "data"}, std::pair{R.Loops, "loops"}})
      if (!Directive) {
        Diags.report(R.Begin->NameLoc, Diag::ApspMissingDirective) << Name;
        Complete = false;
      }
    if (!Complete)
      return false;

    const CompoundIndex::Entry *Outer =
        Index.innermostContaining(R.Begin->HashLoc);
    if (!Outer) {
      Diags.report(R.Begin->NameLoc, Diag::ApspRegionNotInFunction);
      return false;
    }
    R.Function = Outer->Function;

    // The loop is the first statement after the last header directive; no
    // statement may come between begin and the directives.
    clang::SourceLocation LastHeader = R.Begin->HashLoc;
    for (const RecordedApspDirective *D : {R.Data, R.Loops})
      if (Index.before(LastHeader, D->HashLoc))
        LastHeader = D->HashLoc;
    const clang::Stmt *First =
        firstChildAfter(Outer->Compound, R.Begin->HashLoc, Index);
    const clang::Stmt *Next =
        firstChildAfter(Outer->Compound, LastHeader, Index);
    R.Loop = llvm::dyn_cast_or_null<clang::ForStmt>(Next);
    bool LoopBeforeEnd =
        Next && Index.before(Next->getBeginLoc(), R.End->HashLoc);
    if (First != Next || !R.Loop || !LoopBeforeEnd) {
      const clang::Stmt *Culprit =
          First && Index.before(First->getBeginLoc(), R.End->HashLoc) ? First
                                                                      : nullptr;
      Diags.report(Culprit ? Culprit->getBeginLoc() : R.End->HashLoc,
                   Diag::ApspExpectedLoop);
      return false;
    }
    if (R.Loop->getBeginLoc().isMacroID()) {
      Diags.report(R.Loop->getBeginLoc(), Diag::ApspRegionInMacro);
      return false;
    }
    clang::SourceLocation LoopEnd = R.Loop->getEndLoc();
    const clang::Stmt *AfterLoop =
        firstChildAfter(Outer->Compound, LoopEnd, Index);
    if (!Index.before(LoopEnd, R.End->HashLoc) ||
        (AfterLoop && Index.before(AfterLoop->getBeginLoc(), R.End->HashLoc)) ||
        Index.innermostContaining(R.End->HashLoc) != Outer) {
      Diags.report(R.End->NameLoc, Diag::ApspEndMisplaced);
      return false;
    }
    return true;
  }
};

} // namespace

std::vector<BoundApspRegion>
bindApspRegions(const std::vector<RecordedApspDirective> &Directives,
                clang::ASTContext &Context, DiagnosticReporter &Diags) {
  return ApspBinder(Context, Diags).run(Directives);
}

} // namespace tilec

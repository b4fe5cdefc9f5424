//===- RegionBinder.cpp - Match recorded directives to loops -------------===//
#include "frontend/RegionBinder.h"

#include "frontend/CompoundIndex.h"
#include "frontend/ParallelConstructs.h"

#include "clang/Basic/SourceManager.h"

#include <cctype>

namespace tilec {
namespace {

using clang::SourceLocation;

class Binder {
public:
  Binder(clang::ASTContext &Context, DiagnosticReporter &Diags)
      : SM(Context.getSourceManager()), Diags(Diags), Index(Context) {}

  std::vector<BoundRegion> run(const std::vector<RecordedDirective> &Dirs) {
    std::vector<BoundRegion> Candidates = group(Dirs);
    std::vector<BoundRegion> Bound;
    for (BoundRegion &R : Candidates) {
      NotedPragma = false;
      if (bind(R)) {
        notePragmaLines(R);
        Bound.push_back(R);
      }
    }
    return Bound;
  }

private:
  const clang::SourceManager &SM;
  DiagnosticReporter &Diags;
  CompoundIndex Index;
  /// The region being bound has had its note on OpenMP or OpenACC pragmas.
  bool NotedPragma = false;

  /// Says once per region that tilec ignores the OpenMP and OpenACC
  /// constructs around its loops.
  void noteIgnoredPragma(const clang::Stmt *Construct) {
    noteIgnoredPragma(Construct->getBeginLoc());
  }
  void noteIgnoredPragma(SourceLocation Where) {
    if (NotedPragma)
      return;
    NotedPragma = true;
    Diags.report(Where, Diag::ParallelPragmaIgnored);
  }

  /// Without -fopenmp or -fopenacc Clang skips those pragmas; the note
  /// names the first such line of the region all the same.
  void notePragmaLines(const BoundRegion &R) {
    if (NotedPragma)
      return;
    clang::FileID File = SM.getFileID(R.Begin->HashLoc);
    unsigned From = SM.getFileOffset(R.Begin->HashLoc);
    unsigned To = SM.getFileOffset(R.End->HashLoc);
    llvm::StringRef Text = SM.getBufferData(File).slice(From, To);
    for (size_t Line = 0; Line < Text.size();) {
      size_t End = Text.find('\n', Line);
      llvm::StringRef Words = Text.slice(Line, End).ltrim();
      if (Words.consume_front("#")) {
        Words = Words.ltrim();
        if (Words.consume_front("pragma")) {
          llvm::StringRef Name = Words.ltrim().take_while([](char C) {
            return std::isalnum(static_cast<unsigned char>(C));
          });
          if (Name == "omp" || Name == "acc") {
            size_t Hash = Text.find('#', Line);
            noteIgnoredPragma(SM.getComposedLoc(File, From + Hash));
            return;
          }
        }
      }
      if (End == llvm::StringRef::npos)
        break;
      Line = End + 1;
    }
  }

  const char *name(const RecordedDirective &D) {
    return directiveName(D.D.Kind);
  }

  /// Splits the directive list into begin ... end groups.
  std::vector<BoundRegion> group(const std::vector<RecordedDirective> &Dirs) {
    std::vector<BoundRegion> Regions;
    BoundRegion Current;
    bool Open = false, OpenValid = true;
    for (const RecordedDirective &D : Dirs) {
      if (D.FromMacro) {
        Diags.report(D.HashLoc, Diag::DirectiveFromMacro);
        // A `begin` still opens its region (marked invalid), so that the
        // directives after it are not reported as outside a region too.
        if (D.D.Kind == DirectiveKind::Begin && !Open) {
          Current = BoundRegion();
          Current.Begin = &D;
          Open = true;
        }
        OpenValid = false;
        continue;
      }
      if (!SM.isInMainFile(D.HashLoc)) {
        Diags.report(D.HashLoc, Diag::DirectiveNotInMainFile);
        continue;
      }
      DirectiveKind K = D.D.Kind;
      if (K == DirectiveKind::Begin) {
        if (Open) {
          Diags.report(D.NameLoc, Diag::NestedBegin);
          OpenValid = false;
          continue;
        }
        Current = BoundRegion();
        Current.Begin = &D;
        Open = true;
        OpenValid = true;
        continue;
      }
      if (!Open) {
        Diags.report(D.NameLoc, Diag::DirectiveOutsideRegion) << name(D);
        continue;
      }
      if (K == DirectiveKind::End) {
        Current.End = &D;
        if (OpenValid)
          Regions.push_back(Current);
        Open = false;
        continue;
      }
      if (K == DirectiveKind::Calc || K == DirectiveKind::Copy) {
        // Several calc and copy nests make a multi-stage region.
        Current.Nests.push_back({&D, nullptr, K == DirectiveKind::Copy});
        const RecordedDirective *&First =
            K == DirectiveKind::Calc ? Current.Calc : Current.Copy;
        if (!First)
          First = &D;
        continue;
      }
      const RecordedDirective **Slot = slotFor(Current, K);
      if (*Slot) {
        Diags.report(D.NameLoc, Diag::DuplicateDirective) << name(D);
        Diags.report((*Slot)->NameLoc, Diag::PreviousDirective) << name(D);
        OpenValid = false;
        continue;
      }
      *Slot = &D;
    }
    if (Open)
      Diags.report(Current.Begin->NameLoc, Diag::MissingEnd);
    return Regions;
  }

  static const RecordedDirective **slotFor(BoundRegion &R, DirectiveKind K) {
    switch (K) {
    case DirectiveKind::Step:
      return &R.Step;
    case DirectiveKind::Data:
      return &R.Data;
    case DirectiveKind::Dimension:
      return &R.Dimension;
    case DirectiveKind::Calc:
    case DirectiveKind::Copy:
    case DirectiveKind::Begin:
    case DirectiveKind::End:
      break;
    }
    return &R.Begin;
  }

  bool bind(BoundRegion &R) {
    bool Complete = true;
    for (auto [Directive, Name] :
         {std::pair{R.Step, "step"}, std::pair{R.Data, "data"},
          std::pair{R.Dimension, "dimension"}}) {
      if (!Directive) {
        Diags.report(R.Begin->NameLoc, Diag::MissingDirective) << Name;
        Complete = false;
      }
    }
    if (!R.Calc) {
      Diags.report(R.Begin->NameLoc, Diag::MissingCalc);
      Complete = false;
    }
    if (!Complete)
      return false;

    const CompoundIndex::Entry *Outer =
        Index.innermostContaining(R.Begin->HashLoc);
    if (!Outer) {
      Diags.report(R.Begin->NameLoc, Diag::RegionNotInFunction);
      return false;
    }
    R.Function = Outer->Function;

    // The time loop is the statement right after the header directives, which
    // all come between `begin` and that statement.
    const clang::Stmt *First =
        firstChildAfter(Outer->Compound, R.Begin->HashLoc, Index);
    SourceLocation LastHeader = R.Begin->HashLoc;
    for (const RecordedDirective *D : {R.Step, R.Data, R.Dimension}) {
      if (First && Index.before(First->getBeginLoc(), D->HashLoc)) {
        Diags.report(D->NameLoc, Diag::HeaderAfterTimeLoop) << name(*D);
        return false;
      }
      if (Index.before(LastHeader, D->HashLoc))
        LastHeader = D->HashLoc;
    }
    const clang::Stmt *Next =
        annotatedChild(Outer->Compound, LastHeader, Index);
    const clang::Stmt *Held = throughParallelConstructs(Next);
    if (Held != Next)
      noteIgnoredPragma(Next);
    R.TimeLoop = TimeLoopStmt::of(Held);
    if (!R.TimeLoop || !Index.before(Next->getBeginLoc(), R.End->HashLoc)) {
      Diags.report(Next && Index.before(Next->getBeginLoc(), R.End->HashLoc)
                       ? Next->getBeginLoc()
                       : R.End->HashLoc,
                   Diag::ExpectedTimeLoop);
      return false;
    }
    if (R.TimeLoop.beginLoc().isMacroID()) {
      Diags.report(R.TimeLoop.beginLoc(), Diag::RegionInMacro);
      return false;
    }

    // `end` must follow the time loop with nothing in between.
    SourceLocation LoopEnd = R.TimeLoop.endLoc();
    const clang::Stmt *AfterLoop =
        firstChildAfter(Outer->Compound, LoopEnd, Index);
    if (!Index.before(LoopEnd, R.End->HashLoc) ||
        (AfterLoop && Index.before(AfterLoop->getBeginLoc(), R.End->HashLoc)) ||
        Index.innermostContaining(R.End->HashLoc) != Outer) {
      Diags.report(R.End->NameLoc, Diag::EndMisplaced);
      return false;
    }

    const auto *Body = llvm::dyn_cast<clang::CompoundStmt>(R.TimeLoop.body());
    bool Ok = true;
    for (BoundNest &Nest : R.Nests)
      Ok = bindNest(Nest.Directive, Body, Nest.Loop, R.TimeLoop) && Ok;
    if (!Ok)
      return false;
    for (const BoundNest &Nest : R.Nests) {
      const clang::ForStmt *&First = Nest.IsCopy ? R.CopyLoop : R.CalcLoop;
      if (!First)
        First = Nest.Loop;
    }
    return checkDistinctNests(R);
  }

  /// Two directives before the same loop would make it two stages.
  bool checkDistinctNests(const BoundRegion &R) {
    for (size_t I = 0; I < R.Nests.size(); ++I)
      for (size_t J = 0; J < I; ++J)
        if (R.Nests[I].Loop == R.Nests[J].Loop) {
          Diags.report(R.Nests[I].Directive->NameLoc, Diag::DuplicateDirective)
              << name(*R.Nests[I].Directive);
          Diags.report(R.Nests[J].Directive->NameLoc, Diag::PreviousDirective)
              << name(*R.Nests[J].Directive);
          return false;
        }
    return true;
  }

  /// Binds a calc or copy directive to the loop right after it, which must be
  /// a direct child of the time loop's body.
  bool bindNest(const RecordedDirective *D, const clang::CompoundStmt *Body,
                const clang::ForStmt *&Loop, const TimeLoopStmt &TimeLoop) {
    // `for (t...) #pragma stencil calc for (i...)`: the body is the nest.
    if (!Body) {
      const auto *Nest = llvm::dyn_cast<clang::ForStmt>(TimeLoop.body());
      if (Nest && Index.before(TimeLoop.bodyStartsAfter(), D->HashLoc) &&
          Index.before(D->HashLoc, Nest->getBeginLoc())) {
        Loop = Nest;
        return true;
      }
    }
    const CompoundIndex::Entry *In = Index.innermostContaining(D->HashLoc);
    if (!Body || !In || In->Compound != Body) {
      Diags.report(D->NameLoc, Diag::NotInTimeLoopBody) << name(*D);
      return false;
    }
    const clang::Stmt *Next = annotatedChild(Body, D->HashLoc, Index);
    const clang::Stmt *Held = throughParallelConstructs(Next);
    if (Held != Next)
      noteIgnoredPragma(Next);
    Loop = llvm::dyn_cast_or_null<clang::ForStmt>(Held);
    if (!Loop) {
      Diags.report(Next ? Next->getBeginLoc() : D->EndLoc,
                   Diag::ExpectedLoopAfter)
          << name(*D);
      return false;
    }
    if (Loop->getBeginLoc().isMacroID()) {
      Diags.report(Loop->getBeginLoc(), Diag::RegionInMacro);
      return false;
    }
    return true;
  }
};

} // namespace

bool BoundRegion::multiStage() const {
  unsigned Calcs = 0;
  for (const BoundNest &Nest : Nests)
    Calcs += !Nest.IsCopy;
  if (Calcs > 1 || Nests.size() > 2)
    return true;
  // One calc and one copy: the paper's form whatever their order (the copy
  // elimination pass looks at the order).
  return false;
}

std::vector<BoundRegion>
bindRegions(const std::vector<RecordedDirective> &Directives,
            clang::ASTContext &Context, DiagnosticReporter &Diags) {
  return Binder(Context, Diags).run(Directives);
}

} // namespace tilec

#!/usr/bin/env python3
"""Check that a hand-written CUDA sample keeps the serial program's code.

Usage: check_cuda_in_step.py NAME_plain.c NAME_cuda.cu

samples/NAME/NAME_cuda.cu (the naive CUDA baseline of the benchmark) replaces
only the time loop of NAME_plain.c. So that the two print comparable output
and cannot drift apart, the CUDA file must contain, verbatim:
  - the plain file's #include lines;
  - everything from the first '#ifndef' (the size macros) up to
    'int main(void)': arrays, initialisation and printing functions;
  - the end of main, from the first printf after the time loop to the end of
    the file (the printed output).
Exit status: 0 in step, 1 some part differs, 2 bad arguments.
"""

import sys


def fail(message):
    print("check_cuda_in_step.py: " + message, file=sys.stderr)
    return 1


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    plain_path, cuda_path = argv[1], argv[2]
    with open(plain_path) as f:
        plain = f.read()
    with open(cuda_path) as f:
        cuda = f.read()

    for line in plain.splitlines():
        if line.startswith("#include") and line not in cuda.splitlines():
            return fail("%s lacks '%s' of %s" % (cuda_path, line, plain_path))

    start = plain.find("#ifndef")
    main_at = plain.find("int main(void)")
    if start < 0 or main_at < start:
        return fail("%s: no '#ifndef ... int main(void)' block" % plain_path)
    before_main = plain[start:main_at]
    if before_main not in cuda:
        return fail("%s: the code before main differs from %s (copy it "
                    "verbatim)" % (cuda_path, plain_path))

    # The printing at the end of main: from the last loop's end, i.e. the
    # first printf after 'clang-format on', to the end of the file.
    loop_end = plain.find("// clang-format on", main_at)
    first_print = plain.find("  printf(", loop_end if loop_end >= 0 else main_at)
    if first_print < 0:
        return fail("%s: no printf in main" % plain_path)
    tail = plain[first_print:]
    if not cuda.endswith(tail):
        return fail("%s: the end of main (the printed output) differs from %s"
                    % (cuda_path, plain_path))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

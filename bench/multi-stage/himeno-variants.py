"""Hand variants of tilec's Himeno CUDA output (naive mapping, 32 x 4 x 2
groups), for timing only: without the per-launch read of gosa's partial
results (gosa is then wrong), with a warp-shuffle reduction, without the
reduction, and other group shapes. The group-shape variants assume the
256 x 128 x 128 grid. Used for docs/data/h100-2026-11-27-himeno-variants.txt.
    python3 himeno-variants.py BASE_DIR OUT_DIR [--large]
BASE_DIR holds the --target=cuda output of tilec c634413 (32 x 4 x 2 groups,
gosa read after every launch) for samples/himeno/himeno.c;
with --large only the first three variants are written."""
import re, sys, os, shutil
base_dir, out_root = sys.argv[1], sys.argv[2]
large = "--large" in sys.argv[3:]
src = open(os.path.join(base_dir, "himeno_tilec.cu")).read()
PART = re.search(r"tilec_count_or_one\(\(long long\)\d+ \* \(size_t\)\(\(\(long\)tilec_nz - 1\) / 2\)\)", src).group(0)
assert src.count(PART) >= 3, src.count(PART)
TREE_START = "  __shared__ float gosa_scratch[256];"
tree_begin = src.index(TREE_START)
tree_end = src.index("gosa_scratch[0];\n", tree_begin) + len("gosa_scratch[0];\n")
READ_START = "  tilec_cuda_read(tilec_groups"
read_begin = src.index(READ_START)
read_end = src.index("*gosa += tilec_groups[tilec_g];\n", read_begin) + len("*gosa += tilec_groups[tilec_g];\n")

SHUFFLE = """  float tilec_v = gosa;
  for (int o = 16; o > 0; o /= 2)
    tilec_v += __shfl_down_sync(0xffffffffu, tilec_v, o);
  __shared__ float gosa_scratch[32];
  const int lid = (int)(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
  const int warps = (int)(blockDim.x * blockDim.y * blockDim.z) / 32;
  if ((lid & 31) == 0)
    gosa_scratch[lid >> 5] = tilec_v;
  __syncthreads();
  if (lid < 32) {
    float w = lid < warps ? gosa_scratch[lid] : 0.0f;
    for (int o = 16; o > 0; o /= 2)
      w += __shfl_down_sync(0xffffffffu, w, o);
    if (lid == 0)
      gosa_partial[blockIdx.x + gridDim.x * blockIdx.y + gridDim.x * gridDim.y * blockIdx.z] = w;
  }
"""
NONE = "  if (gosa == 12345.0f) gosa_partial[0] = gosa;\n"

def make(name, read=True, red="tree", block=None):
    s = src
    if red != "tree":
        s = s[:tree_begin] + (SHUFFLE if red == "shuffle" else NONE) + s[tree_end:]
    if not read:
        rb = s.index(READ_START)
        re_ = s.index("*gosa += tilec_groups[tilec_g];\n", rb) + len("*gosa += tilec_groups[tilec_g];\n")
        s = s[:rb] + s[re_:]
    if block:
        bx, by, bz = block
        grid = f"({(254 + bx - 1)//bx}, {(126 + by - 1)//by}, (unsigned)(((long)tilec_nz - 2 + {bz - 1}) / {bz}))"
        s = re.sub(r"const dim3 tilec_calc_grid\([^;]*tilec_calc_block\(32, 4, 2\);",
                   f"const dim3 tilec_calc_grid{grid}, tilec_calc_block({bx}, {by}, {bz});", s)
        s = s.replace(PART, "tilec_count_or_one((long long)65536 * (size_t)tilec_nz)")
    d = os.path.join(out_root, name)
    shutil.copytree(base_dir, d)
    open(os.path.join(d, "himeno_tilec.cu"), "w").write(s)

make("v0-base")
make("v1-noread", read=False)
make("v2-noread-shfl", read=False, red="shuffle")
if large:
    sys.exit(0)
make("v3-noread-nored", read=False, red="none")
make("v4-read-shfl", red="shuffle")
for b in [(32, 8, 1), (64, 4, 1), (128, 2, 1), (64, 2, 2), (32, 4, 4), (256, 1, 1), (32, 16, 1), (128, 1, 1), (64, 1, 2)]:
    make("b%dx%dx%d" % b, read=False, red="shuffle", block=b)

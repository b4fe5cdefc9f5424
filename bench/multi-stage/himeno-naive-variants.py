"""Hand variants of tilec's Himeno CUDA output with the naive mapping of
128 x 2 x 1 groups (tilec 250d0af and later), for timing only. Each
variant replaces the kernel's body:
  v0-emitted   as tilec writes it (64-bit indices, one point per work item)
  v1-int       one 32-bit index of the point, the neighbours as offsets
  v2-z2, v3-z4 as v1, each work item computing 2 or 4 consecutive planes
  v4-zs4       as v1, each work item walking planes gridDim.z apart
               (a quarter as many groups along z)
  v5-ldcs      as v1, the arrays read once loaded with __ldcs (evict first)
  v6-z2-ldcs   v2 and v5 together
  v7-pdl, v8-z2-pdl, v9-z2-pdl-stream
               v1 and v2 launched as programmatic dependent launches
               (sm_90): each group lets the next launch start at once
               (griddepcontrol.launch_dependents), loads the coefficients
               (a, b, c, bnd, wrk1: never written), then waits for the
               previous launch (griddepcontrol.wait) before reading p;
               v9 launches on a stream of its own (blocking, so the
               copies on the default stream still wait for it)
Every variant computes the same arrays (the printed hashes check it) and
gosa up to the order of its float additions: leave() adds as many partial
results as the variant has groups.
  v10-const    as v1, the components' stride a constant (NZ given)
  v11-const-bounds, v12-bounds, v13-emitted-bounds
               v10, v1 and v0 with __launch_bounds__(256)
  v14-z2-const v2 with the constant stride
    python3 himeno-naive-variants.py BASE_DIR OUT_DIR [NZ]
BASE_DIR holds tilec's --target=cuda output for samples/himeno/himeno.c."""
import os
import re
import shutil
import sys

base_dir, out_root = sys.argv[1], sys.argv[2]
src = open(os.path.join(base_dir, "himeno_tilec.cu")).read()

# The grid's extents are constants of the translation (NY rows of NX).
ny, nx = (int(v) for v in re.search(
    r"const size_t tilec_points = \(size_t\)tilec_nz \* (\d+) \* (\d+);", src).groups())
kernel_begin = src.index("  const int k = 1 + (int)(blockIdx.x")
kernel_end = src.index("  __shared__ float gosa_scratch[256];")
launch = re.search(r"const dim3 tilec_calc_grid\((\d+), (\d+), \(unsigned\)\(\(long\)tilec_nz - 2\)\)", src)
groups_x, groups_y = int(launch.group(1)), int(launch.group(2))
COMBINE = "tilec_region->tilec_combine_groups = "


def pdl_body(planes):
    """The kernel's body for a programmatic dependent launch."""
    plane = ny * nx
    p = lambda off: f"p[at[r] + {off}]" if off else "p[at[r]]"
    names = ["a0", "a1", "a2", "a3", "b0", "b1", "b2", "c0", "c1", "c2", "bnd_at", "wrk1_at"]
    arrays = ["a", "a", "a", "a", "b", "b", "b", "c", "c", "c", "bnd", "wrk1"]
    comps = [0, 1, 2, 3, 0, 1, 2, 0, 1, 2, 0, 0]
    loads = "".join(
        f"      {n}[r] = {arr}[{m} * comp + at[r]];\n" if m else f"      {n}[r] = {arr}[at[r]];\n"
        for n, arr, m in zip(names, arrays, comps))
    return f"""  const int k = 1 + (int)(blockIdx.x * blockDim.x + threadIdx.x);
  const int j = 1 + (int)(blockIdx.y * blockDim.y + threadIdx.y);
  const int comp = tilec_nz * {plane};
  asm volatile("griddepcontrol.launch_dependents;");
  float gosa = 0.0f; /* this work item's share of the reduction */
  bool inside[{planes}];
  int at[{planes}];
  float {", ".join(f"{n}[{planes}]" for n in names)};
#pragma unroll
  for (int r = 0; r < {planes}; ++r) {{
    const int i = 1 + (int)blockIdx.z * {planes} + r;
    inside[r] = (unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper - tilec_i_lower) && j < {ny - 1} && k < {nx - 1};
    at[r] = (i * {ny} + j) * {nx} + k;
    if (inside[r]) {{
{loads}    }}
  }}
  asm volatile("griddepcontrol.wait;" ::: "memory");
#pragma unroll
  for (int r = 0; r < {planes}; ++r) {{
    if (inside[r]) {{
      float s0 = a0[r] * {p(plane)} + a1[r] * {p(nx)} + a2[r] * {p(1)} + b0[r] * ({p(plane + nx)} - {p(plane - nx)} - {p(-plane + nx)} + {p(-plane - nx)}) + b1[r] * ({p(nx + 1)} - {p(-nx + 1)} - {p(nx - 1)} + {p(-nx - 1)}) + b2[r] * ({p(plane + 1)} - {p(-plane + 1)} - {p(plane - 1)} + {p(-plane - 1)}) + c0[r] * {p(-plane)} + c1[r] * {p(-nx)} + c2[r] * {p(-1)} + wrk1_at[r];
      float ss = (s0 * a3[r] - {p(0)}) * bnd_at[r];
      gosa += ss * ss;
      wrk2[at[r]] = {p(0)} + omega * ss;
    }}
  }}
"""


LAUNCH = "  himeno_slab_calc<<<tilec_calc_grid, tilec_calc_block>>>("


def pdl_launch(s, own_stream):
    """Launches the kernel with cudaLaunchKernelEx, programmatic stream
    serialization allowed."""
    begin = s.index(LAUNCH)
    end = s.index(");\n", begin)
    args = s[begin + len(LAUNCH):end]
    stream = "0"
    if own_stream:
        stream = "tilec_stream"
    launch = f"""  static cudaStream_t tilec_stream;
  if ({"!tilec_stream" if own_stream else "0"})
    cudaStreamCreate(&tilec_stream);
  cudaLaunchConfig_t tilec_config = {{}};
  tilec_config.gridDim = tilec_calc_grid;
  tilec_config.blockDim = tilec_calc_block;
  tilec_config.stream = {stream};
  cudaLaunchAttribute tilec_attribute[1];
  tilec_attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  tilec_attribute[0].val.programmaticStreamSerializationAllowed = 1;
  tilec_config.attrs = tilec_attribute;
  tilec_config.numAttrs = 1;
  cudaLaunchKernelEx(&tilec_config, himeno_slab_calc, {args}"""
    return s[:begin] + launch + s[end:]


def body(planes, strided, ldcs, nz=None):
    """The kernel's body up to the group sum, in the variant's form; with
    `nz`, the components' stride is a constant."""
    def once(array, index):
        return f"__ldcs(&{array}[{index}])" if ldcs else f"{array}[{index}]"
    plane = ny * nx
    p = lambda off: f"p[at + {off}]" if off else "p[at]"
    a = lambda m: once("a", f"{m} * comp + at" if m else "at")
    b = lambda m: once("b", f"{m} * comp + at" if m else "at")
    cc = lambda m: once("c", f"{m} * comp + at" if m else "at")
    point = f"""      const int at = (i * {ny} + j) * {nx} + k;
      float s0 = {a(0)} * {p(plane)} + {a(1)} * {p(nx)} + {a(2)} * {p(1)} + {b(0)} * ({p(plane + nx)} - {p(plane - nx)} - {p(-plane + nx)} + {p(-plane - nx)}) + {b(1)} * ({p(nx + 1)} - {p(-nx + 1)} - {p(nx - 1)} + {p(-nx - 1)}) + {b(2)} * ({p(plane + 1)} - {p(-plane + 1)} - {p(plane - 1)} + {p(-plane - 1)}) + {cc(0)} * {p(-plane)} + {cc(1)} * {p(-nx)} + {cc(2)} * {p(-1)} + {once("wrk1", "at")};
      float ss = (s0 * {a(3)} - p[at]) * {once("bnd", "at")};
      gosa += ss * ss;
      wrk2[at] = p[at] + omega * ss;
"""
    if strided:
        loop = "  for (int i = 1 + (int)blockIdx.z; i < tilec_nz - 1; i += (int)gridDim.z) {\n"
    else:
        loop = (f"  for (int r = 0; r < {planes}; ++r) {{\n"
                f"    const int i = 1 + (int)blockIdx.z * {planes} + r;\n")
    return f"""  const int k = 1 + (int)(blockIdx.x * blockDim.x + threadIdx.x);
  const int j = 1 + (int)(blockIdx.y * blockDim.y + threadIdx.y);
  const int comp = {"tilec_nz" if nz is None else nz} * {plane};
  float gosa = 0.0f; /* this work item's share of the reduction */
{loop}    if ((unsigned)(i - tilec_i_lower) < (unsigned)(tilec_i_upper - tilec_i_lower) && j < {ny - 1} && k < {nx - 1}) {{
{point}    }}
  }}
"""


def make(name, planes=1, strided=False, ldcs=False, emitted=False, pdl=False, own_stream=False,
         nz=None, bounds=False):
    s = src
    if not emitted:
        kernel = pdl_body(planes) if pdl else body(planes, strided, ldcs, nz)
        s = s[:kernel_begin] + kernel + s[kernel_end:]
        if pdl:
            s = pdl_launch(s, own_stream)
        groups_z = f"(((long)tilec_nz - 2 + {planes - 1}) / {planes})"
        s = s.replace(launch.group(0),
                      f"const dim3 tilec_calc_grid({groups_x}, {groups_y}, (unsigned){groups_z})")
        begin = s.index(COMBINE)
        end = s.index(";\n", begin)
        s = s[:begin] + COMBINE + f"(size_t){groups_x * groups_y} * {groups_z}" + s[end:]
    if bounds:
        s = s.replace("__global__ void himeno_slab_calc(", "__global__ void __launch_bounds__(256) himeno_slab_calc(")
    d = os.path.join(out_root, name)
    shutil.copytree(base_dir, d)
    open(os.path.join(d, "himeno_tilec.cu"), "w").write(s)


make("v0-emitted", emitted=True)
make("v1-int")
make("v2-z2", planes=2)
make("v3-z4", planes=4)
make("v4-zs4", planes=4, strided=True)
make("v5-ldcs", ldcs=True)
make("v6-z2-ldcs", planes=2, ldcs=True)
make("v7-pdl", pdl=True)
make("v8-z2-pdl", planes=2, pdl=True)
make("v9-z2-pdl-stream", planes=2, pdl=True, own_stream=True)
if len(sys.argv) > 3:
    grid_nz = int(sys.argv[3])
    make("v10-const", nz=grid_nz)
    make("v11-const-bounds", nz=grid_nz, bounds=True)
    make("v12-bounds", bounds=True)
    make("v13-emitted-bounds", emitted=True, bounds=True)
    make("v14-z2-const", planes=2, nz=grid_nz)

# lit configuration for tilec's tests: IR dumps, diagnostics, emitted code,
# the drivers, and end-to-end runs of emitted programs (pocl, nvcc).
import os

import lit.formats

# The build directory's settings (tool paths) come from the site file that
# CMake writes; ctest passes it, and so can a developer running lit by hand.
site_config = lit_config.params.get("tilec_site_config")
if not site_config:
    lit_config.fatal("run lit with --param tilec_site_config="
                     "<build>/test/lit/lit.site.cfg.py (ctest does)")
lit_config.load_config(config, site_config)

config.name = "tilec"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tilec_obj_root, "test", "lit")

# Tests see the same environment whatever the caller has set.
config.environment["LC_ALL"] = "C"
for name in ["TILEC_PROFILE", "TILEC_VERBOSE", "TILEC_CL_PLATFORM",
             "TILEC_CL_DEVICE", "TILEC_CUDA_DEVICE", "TILEC_DEVICES",
             "POCL_DEVICES"]:
    config.environment.pop(name, None)
for name in ["OCL_ICD_VENDORS", "POCL_CACHE_DIR", "HOME", "PATH"]:
    if name in os.environ:
        config.environment[name] = os.environ[name]

runtime_flags = "-I%s %s -lOpenCL -lm" % (config.runtime_include,
                                         config.runtime_opencl_lib)
check_sample = ("bash %s --tilec %s --cc %s --nvcc %s --runtime-include %s "
                "--opencl-lib %s --cuda-runtime-src %s --compare %s") % (
    os.path.join(config.tilec_src_root, "test", "e2e", "check_sample.sh"),
    config.tilec, config.cc, config.nvcc, config.runtime_include,
    config.runtime_opencl_lib, config.cuda_runtime_src,
    os.path.join(config.tilec_src_root, "test", "e2e", "compare_outputs.py"))

sweep = check_sample.replace("check_sample.sh", "sweep_params.sh")
check_acc = "bash %s --compare %s" % (
    os.path.join(config.tilec_src_root, "test", "e2e", "check_acc.sh"),
    os.path.join(config.tilec_src_root, "test", "e2e", "compare_outputs.py"))

config.substitutions.extend([
    ("%sweep", sweep),
    ("%tilec-cc", config.tilec_cc),
    ("%tilec", config.tilec),
    ("%FileCheck", config.filecheck),
    ("%not", config.not_tool),
    ("%cc", config.cc),
    ("%nvcc", config.nvcc),
    ("%runtime_flags", runtime_flags),
    ("%samples", os.path.join(config.tilec_src_root, "samples")),
    ("%src_root", config.tilec_src_root),
    ("%check_sample", check_sample),
    ("%check_acc", check_acc),
    ("%python", config.python),
])

// Does programmatic dependent launch shorten a chain of short dependent
// kernels, on the legacy default stream (where emitted code launches) and on
// a stream of its own? Each kernel waits for the one before it
// (griddepcontrol.wait), lets the next one start (launch_dependents), and
// adds one to every element of a buffer, so the chain's result tells whether
// the order held. Prints the time per launch with and without the overlap.
//   overlap_probe [LAUNCHES]
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s failed: %s\n", #call,                          \
                   cudaGetErrorString(err_));                                  \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__global__ void step(int *data, int count) {
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < count;
       i += gridDim.x * blockDim.x)
    data[i] += 1;
}

static float chain(cudaStream_t stream, bool overlap, int *data, int count,
                   int launches) {
  cudaLaunchAttribute attribute = {};
  attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(264);
  config.blockDim = dim3(256);
  config.stream = stream;
  config.attrs = &attribute;
  config.numAttrs = overlap ? 1 : 0;
  CHECK(cudaMemsetAsync(data, 0, count * sizeof(int), stream));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  CHECK(cudaEventRecord(start, stream));
  for (int l = 0; l < launches; ++l)
    CHECK(cudaLaunchKernelEx(&config, step, data, count));
  CHECK(cudaEventRecord(stop, stream));
  CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  int first = 0, last = 0;
  CHECK(cudaMemcpy(&first, data, sizeof first, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&last, data + count - 1, sizeof last,
                   cudaMemcpyDeviceToHost));
  if (first != launches || last != launches)
    std::printf("ORDER BROKEN: %d and %d after %d launches\n", first, last,
                launches);
  return ms;
}

int main(int argc, char **argv) {
  int launches = argc > 1 ? std::atoi(argv[1]) : 2000;
  const int count = 1 << 20;
  int *data;
  CHECK(cudaMalloc(&data, count * sizeof(int)));
  cudaStream_t own;
  CHECK(cudaStreamCreateWithFlags(&own, cudaStreamNonBlocking));
  chain(0, false, data, count, 100); // warm up
  for (int pass = 0; pass < 2; ++pass)
    for (cudaStream_t stream : {cudaStream_t(0), own})
      for (bool overlap : {false, true})
        std::printf("%s stream, %s: %.2f us a launch\n",
                    stream ? "own" : "legacy default",
                    overlap ? "overlapping" : "plain",
                    1000 * chain(stream, overlap, data, count, launches) /
                        launches);
  return 0;
}

/* Sizes and the functions main.c and heat.c share. */
#ifndef HEAT_H
#define HEAT_H

#ifndef NX
#define NX 64
#endif
#ifndef NY
#define NY 32
#endif
#ifndef STEPS
#define STEPS 10
#endif

void heat_init(float A[NY][NX], float B[NY][NX]);
void heat_report(const char *name, float v[NY][NX]);
void heat_run(float A[NY][NX], float B[NY][NX]);

#endif

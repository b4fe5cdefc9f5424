/* A 3D stencil weighted by a two-component coefficient array, its grid
 * extents passed by the caller: blocking-errors.test asks for several
 * points per work item, which the streaming kernel cannot give a field
 * with components when the extents are known only at run time. */
void smooth(int nz, int ny, int nx, int steps, float u[nz][ny][nx],
            float v[nz][ny][nx], float w[2][nz][ny][nx]) {
  int t, i, j, k;
#pragma stencil begin
#pragma stencil step(t:steps)
#pragma stencil data source(float u[nz][ny][nx], float w[2][nz][ny][nx]) destination(float v[nz][ny][nx])
#pragma stencil dimension(i, j, k)
  for (t = 0; t < steps; t++) {
#pragma stencil calc
    for (i = 1; i < nz - 1; i++)
      for (j = 1; j < ny - 1; j++)
        for (k = 1; k < nx - 1; k++)
          v[i][j][k] = w[0][i][j][k] * u[i][j][k] +
                       w[1][i][j][k] * (u[i][j - 1][k] + u[i][j + 1][k] +
                                        u[i][j][k - 1] + u[i][j][k + 1] +
                                        u[i - 1][j][k] + u[i + 1][j][k]);
#pragma stencil copy
    for (i = 1; i < nz - 1; i++)
      for (j = 1; j < ny - 1; j++)
        for (k = 1; k < nx - 1; k++)
          u[i][j][k] = v[i][j][k];
  }
#pragma stencil end
}

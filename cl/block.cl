/* The register-block transpose: each work-item moves one VW x VW block straight from global memory to
 * global memory: VW row vectors in, a transpose in registers, VW row vectors out. No local memory and
 * no barrier, so CPU drivers (which run a work-group as a loop over its items) see plain loads and
 * stores of whole cache-line pieces. Work-items adjacent in x take adjacent blocks of a source row band. */
kernel void clt_block(CLT_TRANSPOSE_ARGS) {
  const ulong blocks_r = (rows + VW - 1) / VW, blocks_c = (cols + VW - 1) / VW;
  for (ulong b = get_global_id(2); b < batch; b += get_global_size(2)) {
    global const T *s = src + src_off + b * src_stride;
    global T *d = dst + dst_off + b * dst_stride;
    for (ulong br = get_global_id(1); br < blocks_r; br += get_global_size(1)) {
      for (ulong bc = get_global_id(0); bc < blocks_c; bc += get_global_size(0)) {
        const ulong r = br * VW, c = bc * VW;
        clt_vec row[VW], col[VW];
        if (r + VW <= rows && c + VW <= cols) {
#pragma unroll
          for (uint k = 0; k < VW; k++)
            row[k].v = VLOADN(0, (global const BASE *)(s + (r + k) * src_ld + c));
#pragma unroll
          for (uint j = 0; j < VW; j++) {
#pragma unroll
            for (uint k = 0; k < VW; k++)
              col[j].e[k] = row[k].e[j];
            VSTOREN(col[j].v, 0, (global BASE *)(d + (c + j) * dst_ld + r));
          }
        } else { /* a block on the right or bottom edge: element by element */
          for (uint k = 0; k < VW && r + k < rows; k++)
            for (uint j = 0; j < VW && c + j < cols; j++)
              d[(c + j) * dst_ld + r + k] = s[(r + k) * src_ld + c + j];
        }
      }
    }
  }
}

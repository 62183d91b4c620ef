import sys, math
# usage: gen.py rows cols file kernel "extra" vw lx ly [rb cb]
def cd(a,b): return (a+b-1)//b
def line(rows, cols, file, kern, extra, vw, lx, ly, rb=1, cb=1, es=4):
    base = {1:'uchar',2:'ushort',4:'uint',8:'ulong'}[es]
    al = int(rows % vw == 0 and cols % vw == 0)
    opts = f"-DT={base} -DELEM_SIZE={es} -DTV={base}{vw} -DVLOADN=vload{vw} -DVSTOREN=vstore{vw} -DBASE={base} -DVW={vw} -DSRC_VEC={al} -DDST_VEC={al} -DIDX32=1 {extra}".strip()
    gx = cd(cd(cols, vw*cb), lx)*lx; gy = cd(cd(rows, vw*rb), ly)*ly
    return f"{file}|{kern}|{opts}|{lx} {ly} {gx} {gy}"

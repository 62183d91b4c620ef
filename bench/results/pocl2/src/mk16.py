import sys; sys.path.insert(0, 'bench/results/pocl2/src'); from gen import line
R = 'bench/results/pocl2/src/'
N, M = int(sys.argv[1]), int(sys.argv[2])
L = []
L.append(line(N, M, 'cl/block.cl', 'clt_block', '', 8, 1, 64))
L.append(line(N, M, 'cl/block.cl', 'clt_block', '', 16, 8, 8))
for cb, rb, ly, pf in [(2, 1, 64, 0), (2, 1, 64, 16), (2, 1, 64, 32), (2, 2, 32, 32)]:
    L.append(line(N, M, R + 'xc.cl', 'xc', f'-DMODE=0 -DCB={cb} -DRB={rb} -DPF={pf}', 8, 1, ly, rb, cb))
for lx, ly, rb, pf, nt in [(1, 32, 1, 32, 0), (1, 32, 1, 32, 1), (1, 32, 1, 16, 1), (4, 8, 1, 32, 1)]:
    L.append(line(N, M, R + 'xd.cl', 'xd', f'-DRB={rb} -DPF={pf} -DNT={nt}', 8, lx, ly, rb * 2, 2))
for lx, ly, tr, tc, pf, nt in [(1, 8, 32, 64, 32, 1), (1, 8, 64, 64, 64, 1), (1, 8, 64, 64, 64, 0)]:
    L.append(line(N, M, R + 'xe.cl', 'xe', f'-DTR={tr} -DTC={tc} -DPF={pf} -DNT={nt}', 8, lx, ly, tr // 8, tc // 8))
print('\n'.join(L))

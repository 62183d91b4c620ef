import sys; sys.path.insert(0, 'bench/results/pocl2/src'); from gen import line
R = 'bench/results/pocl2/src/'
N, M = int(sys.argv[1]), int(sys.argv[2])
L = [line(N, M, 'cl/block.cl', 'clt_block', '', 8, 1, 64)]
for lx, ly, tr, tc, pf, nt in [(1, 8, 32, 64, 32, 1), (1, 8, 32, 64, 32, 0), (1, 8, 16, 64, 16, 1), (1, 8, 64, 32, 64, 1), (1, 8, 32, 32, 32, 1), (1, 8, 32, 128, 32, 1), (1, 8, 32, 64, 0, 1), (1, 8, 32, 64, 64, 1), (1, 4, 32, 64, 32, 1), (1, 16, 32, 64, 32, 1), (1, 8, 16, 128, 16, 1)]:
    L.append(line(N, M, R + 'xe.cl', 'xe', f'-DTR={tr} -DTC={tc} -DPF={pf} -DNT={nt}', 8, lx, ly, tr // 8, tc // 8))
print('\n'.join(L))

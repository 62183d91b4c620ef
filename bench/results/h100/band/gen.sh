#!/usr/bin/env bash
# Lines for bx: gen.sh ROWS COLS ELEM_SIZE "BR SK NSTEP DV PAD CHB [WG]"... (one band.cl configuration each).
set -eu
rows=$1 cols=$2 es=$3
shift 3
case $es in
1) t=uchar ;; 2) t=ushort ;; 4) t=uint ;; 8) t=ulong ;; *) echo "es $es" >&2; exit 1 ;;
esac
vw=$((16 / es))
for cfg in "$@"; do
  read -r br sk nstep dv pad chb wg <<<"$cfg"
  wg=${wg:-256}
  cw=$((chb / es))
  bands=$(((rows + (sk > 0 ? sk - 1 : 0) + br - 1) / br))
  kmax=$(((cols + cw - 2) / cw))
  segs=$((kmax / nstep + 1))
  tvd=$t$dv
  [ "$dv" = 1 ] && tvd=$t
  echo "bench/results/h100/band/band.cl|clt_band|-DT=$t -DELEM_SIZE=$es -DTV=$t$vw -DVW=$vw -DBASE=$t -DVLOADN=vload$vw -DVSTOREN=vstore$vw -DIDX32=1 -DCHB=$chb -DBR=$br -DSK=$sk -DNSTEP=$nstep -DWG=$wg -DDV=$dv -DTVD=$tvd -DPAD=$pad|$wg $((bands * wg)) $segs"
done

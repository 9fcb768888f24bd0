#!/usr/bin/env bash
# A quick look at the API path's speed, for work on the transport (scripts/bench has the full
# API section): `dodo confirm --json --rate 1000 -` over 300 payment IDs against the fake Dodo
# API (HTTPS, a CA made here, TCP_NODELAY) next to curl fetching the same 300 URLs over one
# connection, and `dodo checkout create` next to one curl POST of the same body. Interleaved
# rounds; prints each case's median in seconds.
#
#   scripts/bench-support/api_quick.sh [ROUNDS] [DODO...]   # default: 7 rounds, .build/release/dodo
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-7}
shift || true
binaries=("$@")
[ ${#binaries[@]} -gt 0 ] || binaries=(.build/release/dodo)
work=$(mktemp -d)
trap 'exec 9>&-; rm -rf "$work"' EXIT
cd "$work"
openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 1 -subj "/CN=quick CA" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj "/CN=127.0.0.1" 2>/dev/null
printf "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n" >ext.cnf
openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 1 -extfile ext.cnf \
  2>/dev/null
python3 -c "
import json
print(json.dumps({'payments': {f'pay_{i}': {'status': 'succeeded'} for i in range(1, 301)},
                  'next_session': {'session_id': 'cks_quick'}}))" >state.json
seq 1 300 | sed 's/^/pay_/' >ids.txt
# The fake exits when this script's end of the pipe closes.
exec 9> >(python3 "$OLDPWD/Tests/EndToEndTests/Support/fake-dodo-api.py" --state state.json --log log.jsonl \
  --cert server.pem --key server.key --api-key sk_test_quick --exit-with-stdin >port.txt)
while [ ! -s port.txt ]; do sleep 0.1; done
base=https://127.0.0.1:$(head -1 port.txt)
export DODO_PAYMENTS_BASE_URL=$base DODO_PAYMENTS_API_KEY=sk_test_quick SSL_CERT_FILE=$work/ca.pem \
  HOME=$work/home XDG_CONFIG_HOME=$work/home/config
mkdir -p home
body='{"product_cart":[{"product_id":"pdt_1","quantity":1}]}'
urls=()
while read -r id; do urls+=("$base/payments/$id"); done <ids.txt
headers=(-H "Authorization: Bearer sk_test_quick" -H "Content-Type: application/json")
seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1; end=$(date +%s.%N); awk "BEGIN { print $end - $start }"; }
declare -A times
for ((round = 0; round < rounds; round++)); do
  times[curl-300]+=" $(seconds curl -sf --cacert ca.pem "${headers[@]}" "${urls[@]}")"
  times[curl-post]+=" $(seconds curl -sf --cacert ca.pem "${headers[@]}" -d "$body" "$base/checkouts")"
  for dodo in "${binaries[@]}"; do
    dodo=$(realpath "$OLDPWD/$dodo" 2>/dev/null || realpath "$dodo")
    times[$dodo confirm-300]+=" $(seconds sh -c "'$dodo' confirm --json --rate 1000 - <ids.txt")"
    times[$dodo checkout-create]+=" $(seconds "$dodo" checkout create --product pdt_1)"
  done
done
for name in "${!times[@]}"; do
  printf '%-70s median %s  (%s)\n' "$name" \
    "$(echo "${times[$name]}" | tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')" \
    "${times[$name]# }"
done | sort

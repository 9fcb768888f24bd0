# The start-up commands: those scripts/bench times against the hello-world and
# scripts/startup-order traces. Sourced with $dodo (the binary), $root (the repository) and
# $tmp (a scratch directory) set; sets the array startup_commands, and the environment they
# run in: dodo's directories in $tmp, no API or webhook key.
#
# Each command up to where it would need a browser, the network or a secret. --help scans the
# caller's PATH for plugins, as it would for the user. handle-url with no checkout waiting
# exits 1 ("not claimed"). The account side's commands: webhook sign and verify of the
# Standard Webhooks test vector (libsodium, in-process); checkout create without a key
# (everything but the HTTPS helper); doctor without --round-trip.
url='myapp://checkout/return?status=succeeded&payment_id=pay_1'
mkdir -m 700 "$tmp/state" "$tmp/run" "$tmp/config"
export DODO_STATE_DIR=$tmp/state DODO_RUNTIME_DIR=$tmp/run XDG_CONFIG_HOME=$tmp/config
unset DODO_PAYMENTS_API_KEY DODO_PAYMENTS_WEBHOOK_KEY
printf '{"test": 2432232314}' > "$tmp/body.json"
secret=whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
vector="--secret $secret --id msg_p5jXN8AQM9LWM0D4loKWxJek --timestamp 1614265330"
startup_commands=(
  "$dodo --version" "$dodo --help" "$dodo explain-status $url"
  "$dodo handle-url $url" "$dodo --config $root/config/config.yaml config profiles"
  "$dodo webhook sign $vector $tmp/body.json"
  "$dodo webhook verify $vector --signature v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE= --at 1614265330 $tmp/body.json"
  "$dodo checkout create --product pdt_bench" "$dodo doctor"
)

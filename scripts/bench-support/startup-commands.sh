# The start-up commands: those scripts/bench times against the hello-world and
# scripts/startup-order traces. Sourced with $dodo (the binary), $root (the repository) and
# $tmp (a scratch directory) set; sets the array startup_commands, and the environment they
# run in: dodo's directories in $tmp, no API or webhook key.
#
# Every top-level command and subcommand, each up to where it would need a browser, the
# network, a secret or a change to the desktop, so that none waits or touches the network:
# --help scans the caller's PATH for plugins, as it would for the user, and so does help.
# handle-url with no checkout waiting exits 1 ("not claimed"); abandoned show and license status
# with nothing recorded exit 1. The account side's commands: webhook sign and verify of the
# Standard Webhooks test vector (libsodium, in-process); checkout create, start --confirm,
# confirm and abandoned reconcile without a key (everything but the HTTPS helper: exit 78);
# webhook send and listen without a secret (78); license validate and deactivate with nothing
# activated (64); doctor without --round-trip; url-handler status --all (no xdg-mime run).
# license activate, url-handler install and remove have no such cheap form (they reach the
# network or change the desktop's handlers): their --help.
url='myapp://checkout/return?status=succeeded&payment_id=pay_1'
mkdir -m 700 "$tmp/state" "$tmp/run" "$tmp/config"
export DODO_STATE_DIR=$tmp/state DODO_RUNTIME_DIR=$tmp/run XDG_CONFIG_HOME=$tmp/config
unset DODO_PAYMENTS_API_KEY DODO_PAYMENTS_WEBHOOK_KEY
printf '{"test": 2432232314}' > "$tmp/body.json"
secret=whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
vector="--secret $secret --id msg_p5jXN8AQM9LWM0D4loKWxJek --timestamp 1614265330"
checkout=https://test.checkout.dodopayments.com/session/cks_bench
startup_commands=(
  "$dodo --version" "$dodo --help" "$dodo help" "$dodo help start" "$dodo explain-status $url"
  "$dodo handle-url $url" "$dodo --config $root/config/config.yaml config profiles"
  "$dodo config show" "$dodo config path"
  "$dodo webhook sign $vector $tmp/body.json"
  "$dodo webhook verify $vector --signature v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE= --at 1614265330 $tmp/body.json"
  "$dodo webhook send payment.succeeded --to http://127.0.0.1:9/hook" "$dodo webhook listen --port 9"
  "$dodo checkout create --product pdt_bench" "$dodo start $checkout --return-url myapp://checkout/return --confirm"
  "$dodo confirm pay_1" "$dodo validate $checkout --return-url myapp://checkout/return"
  "$dodo abandoned show" "$dodo abandoned clear" "$dodo abandoned reconcile"
  "$dodo license status" "$dodo license validate" "$dodo license deactivate LK-1" "$dodo license activate --help"
  "$dodo url-handler status --all" "$dodo url-handler install --help" "$dodo url-handler remove --help"
  "$dodo completion bash" "$dodo doctor"
)

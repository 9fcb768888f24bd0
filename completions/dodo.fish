# fish completion for dodo.
# Generated from dodo's command tree by scripts/generate-docs: do not edit.
#
# Completes commands, subcommands, options (global ones before and after the command),
# option values, profile names (from `dodo config profiles`) and plugins (dodo-NAME
# programs on PATH). A plugin completes its own arguments when a program named
# dodo_complete-NAME is on PATH: it is run with the words after `dodo NAME` (the word
# being completed last, maybe empty) and prints one candidate per line.

# The visible subcommands of the command at path $argv[1], as name<TAB>description.
function __dodo_subcommands
    switch $argv[1]
        case 'dodo'
            printf '%s\n' \
                'start	Open a hosted checkout, wait for it to return, and print the result' \
                'checkout	Create Dodo Payments checkout sessions from the shell' \
                'confirm	Check return URLs or IDs against what Dodo says happened' \
                'handle-url	Hand a URL to the checkout in progress; exit 0 when it claimed it' \
                'abandoned	Show or clear the record of a checkout whose outcome is not known' \
                'license	Activate, validate and deactivate the license keys a customer bought' \
                'url-handler	Register dodo as the desktop'\''s handler for the return URL'\''s scheme' \
                'explain-status	Decode a customer'\''s return URL: the result, what it means, and what to do next' \
                'validate	Check a checkout URL, a return URL, and the configuration in effect' \
                'webhook	Verify, sign, send and receive Dodo'\''s webhooks (Standard Webhooks)' \
                'config	Show the configuration in effect: settings and their sources, profiles, files' \
                'doctor	Check this machine'\''s return path and say how to fix each problem' \
                'completion	Print the completion script for bash, zsh or fish' \
                'help	Show help for dodo or one of its commands'
        case 'dodo checkout'
            printf '%s\n' \
                'create	Create a checkout session (POST /checkouts) and print its checkout URL'
        case 'dodo abandoned'
            printf '%s\n' \
                'show	Print the abandoned-session record; exit 1 when there is none' \
                'clear	Remove the abandoned-session record (exit 0 also when there is none)' \
                'reconcile	Ask Dodo for the recorded session'\''s outcome; clear the record once it is final'
        case 'dodo license'
            printf '%s\n' \
                'activate	Activate a license key on this machine and store the activation' \
                'validate	Ask Dodo whether a license key, as activated here, is valid' \
                'deactivate	Free this machine'\''s seat of a license key and forget the activation' \
                'status	Show the activations stored on this machine (no network)'
        case 'dodo url-handler'
            printf '%s\n' \
                'install	Register dodo handle-url for the scheme (idempotent)' \
                'remove	Undo install: restore the previous handler and delete dodo'\''s entry' \
                'status	Say which schemes route to dodo'
        case 'dodo webhook'
            printf '%s\n' \
                'verify	Check a webhook delivery'\''s signature and timestamp, and say what is wrong' \
                'sign	Print the three webhook headers that sign a body' \
                'send	Send a signed test event of Dodo'\''s shape to a webhook endpoint' \
                'listen	Receive webhook deliveries on a loopback port, verify them, and pass valid ones on'
        case 'dodo config'
            printf '%s\n' \
                'show	Print every effective setting and where it came from' \
                'profiles	List the profile names, one per line' \
                'path	List the config files searched, in order, and which exist'
    end
end

# The options of the command at path $argv[1], its own and the global ones.
function __dodo_options
    switch $argv[1]
        case 'dodo'
            printf '%s\n' \
                '--version	Print the version of dodo'
        case 'dodo start'
            printf '%s\n' \
                '--return-url	The URL the checkout returns to (else the profile'\''s)' \
                '--browser	The command that opens the checkout (%s: the URL)' \
                '--timeout	Give up after SECONDS: the checkout ends cancelled' \
                '--dismiss-button-style	The label of the button that closes the checkout' \
                '--presentation-style	How the checkout is presented' \
                '--bar-collapsing-enabled	Let the toolbar collapse on scroll (fullScreen only)' \
                '--color-scheme	The colour scheme of the controls around the checkout' \
                '--theme	Dodo'\''s page theme: dark, light or system' \
                '--language	Dodo'\''s page language, such as en or pt-BR' \
                '--redirect-immediately	Skip Dodo'\''s result page after payment' \
                '--browser-exit-cancels	Cancel when the browser command exits 0 first' \
                '--no-open	Print the checkout URL instead of opening it' \
                '--no-input	Never read a pasted return URL (--json implies it)' \
                '--events	Report checkout events on standard error' \
                '--product	Create the session for this product (repeatable)' \
                '--confirm	Confirm the outcome with Dodo after the return' \
                '--confirm-wait	With --confirm, ask Dodo up to SECONDS (default 30)' \
                '--poll	Also ask Dodo every SECONDS (3) whether it was paid' \
                '--no-cancel-url	Create the session without a back button (cancel_url)' \
                '--activate-license	Activate the license keys a success carried, here' \
                '--license-name	The activations'\'' name (default: host name and tag)' \
                '--qr	Draw the checkout URL as a QR code on standard error'
        case 'dodo checkout create'
            printf '%s\n' \
                '--product	A product and its quantity (1 when left out); repeatable, at least one' \
                '--return-url	The URL the checkout returns to (else the profile'\''s)' \
                '--email	The new customer'\''s email' \
                '--name	The new customer'\''s name; needs --email as well' \
                '--metadata	Metadata for the session; repeatable' \
                '--discount-code	A discount code to apply; repeatable' \
                '--cancel-url	Show a back button going to URL; alone: the return URL plus dodo_cancel=1' \
                '--qr	Draw the checkout URL as a QR code on standard error' \
                '--theme	Dodo'\''s page theme: dark, light or system' \
                '--language	Dodo'\''s page language, such as en or pt-BR' \
                '--redirect-immediately	Skip Dodo'\''s result page after payment'
        case 'dodo confirm'
            printf '%s\n' \
                '--rate	A budget of N requests per second, which may go out as a burst (default 5)'
        case 'dodo abandoned clear'
            printf '%s\n' \
                '--force	Clear the record even while a checkout is running'
        case 'dodo license activate'
            printf '%s\n' \
                '--name	The activation'\''s name (default: the host name and a short machine tag)' \
                '--app	The application the licenses belong to (default: the profile'\''s license_app, else dodo)'
        case 'dodo license validate'
            printf '%s\n' \
                '--grace	Days since the last success that count as valid when no answer comes (default: license_grace_days)' \
                '--app	The application the licenses belong to (default: the profile'\''s license_app, else dodo)'
        case 'dodo license deactivate'
            printf '%s\n' \
                '--app	The application the licenses belong to (default: the profile'\''s license_app, else dodo)'
        case 'dodo license status'
            printf '%s\n' \
                '--app	The application the licenses belong to (default: the profile'\''s license_app, else dodo)'
        case 'dodo url-handler install'
            printf '%s\n' \
                '--all	Every profile'\''s return URL scheme, not only the effective profile'\''s'
        case 'dodo url-handler remove'
            printf '%s\n' \
                '--all	Every profile'\''s return URL scheme, not only the effective profile'\''s'
        case 'dodo url-handler status'
            printf '%s\n' \
                '--all	Every profile'\''s return URL scheme, not only the effective profile'\''s'
        case 'dodo explain-status'
            printf '%s\n' \
                '--redact	Hide the customer'\''s email (a***@example.com) and license keys ([redacted]) in the output' \
                '--summary	After the results, print counts per status and per warning on standard error'
        case 'dodo validate'
            printf '%s\n' \
                '--return-url	The URL the checkout returns to (else the profile'\''s)'
        case 'dodo webhook verify'
            printf '%s\n' \
                '--request	A raw HTTP request copied from a log (- for standard input)' \
                '--id	The webhook-id header'\''s value' \
                '--timestamp	The webhook-timestamp header'\''s value' \
                '--signature	The webhook-signature header'\''s value' \
                '--secret	The endpoint'\''s signing secret (whsec_…); prefer $DODO_PAYMENTS_WEBHOOK_KEY, since ps shows arguments' \
                '--tolerance	How far the timestamp may be from now, either way (default 300)' \
                '--at	Verify as of this time instead of now'
        case 'dodo webhook sign'
            printf '%s\n' \
                '--id	The message id (default: a fresh msg_… id)' \
                '--timestamp	The Unix time to sign with (default: now)' \
                '--secret	The endpoint'\''s signing secret (whsec_…); prefer $DODO_PAYMENTS_WEBHOOK_KEY, since ps shows arguments'
        case 'dodo webhook send'
            printf '%s\n' \
                '--to	The endpoint to POST the event to (https://, or http:// to a loopback host)' \
                '--secret	The endpoint'\''s signing secret (whsec_…); prefer $DODO_PAYMENTS_WEBHOOK_KEY, since ps shows arguments' \
                '--set	Set one field of data, e.g' \
                '--data	A JSON file that replaces data'
        case 'dodo webhook listen'
            printf '%s\n' \
                '--port	The loopback port to listen on (0: any free one)' \
                '--secret	The endpoint'\''s signing secret (whsec_…); prefer $DODO_PAYMENTS_WEBHOOK_KEY, since ps shows arguments' \
                '--forward-to	Pass valid deliveries on to this URL (https://, or http:// to a loopback host) with their headers and body'
        case 'dodo config show'
            printf '%s\n' \
                '--return-url	The URL the checkout returns to (else the profile'\''s)' \
                '--browser	The command that opens the checkout (%s: the URL)' \
                '--timeout	Give up after SECONDS: the checkout ends cancelled' \
                '--dismiss-button-style	The label of the button that closes the checkout' \
                '--presentation-style	How the checkout is presented' \
                '--bar-collapsing-enabled	Let the toolbar collapse on scroll (fullScreen only)' \
                '--color-scheme	The colour scheme of the controls around the checkout' \
                '--theme	Dodo'\''s page theme: dark, light or system' \
                '--language	Dodo'\''s page language, such as en or pt-BR' \
                '--redirect-immediately	Skip Dodo'\''s result page after payment'
        case 'dodo doctor'
            printf '%s\n' \
                '--return-url	Check this return URL instead of the one the profile or environment gives' \
                '--round-trip	Also send a synthetic return through the real route to a waiting checkout of doctor'\''s own'
    end
    printf '%s\n' \
        '--config	Read only FILE, not DODO_CONFIG nor the XDG config files' \
        '--profile	Use the configuration profile NAME (overrides DODO_PROFILE and default_profile)' \
        '--json	Write JSON to standard output, and errors as JSON to standard error' \
        '--no-color	Never colour the output (also when NO_COLOR is set, or not on a terminal)' \
        '--verbose	Say more on standard error: the runtime directory used when XDG_RUNTIME_DIR is not set; with --json, the browser'\''s own output' \
        '--mode	Use Dodo'\''s test or live mode for API calls (overrides DODO_PAYMENTS_ENVIRONMENT and the profile'\''s mode)' \
        '--api-timeout	Give up on an API request after SECONDS (default 30)' \
        '-h	Show help for the command' \
        '--help	Show help for the command'
end

# What the value of option $argv[2] of the command at path $argv[1] completes to
# (flag: it takes none).
function __dodo_option_value
    set -l option $argv[2]
    switch $argv[1]
        case 'dodo start'
            switch $option
                case --return-url
                    echo 'text'
                    return
                case --browser
                    echo 'text'
                    return
                case --timeout
                    echo 'text'
                    return
                case --dismiss-button-style
                    echo 'values:done close cancel'
                    return
                case --presentation-style
                    echo 'values:pageSheet fullScreen'
                    return
                case --bar-collapsing-enabled
                    echo 'values:true false'
                    return
                case --color-scheme
                    echo 'values:system light dark'
                    return
                case --theme
                    echo 'values:dark light system'
                    return
                case --language
                    echo 'text'
                    return
                case --redirect-immediately
                    echo 'flag'
                    return
                case --browser-exit-cancels
                    echo 'flag'
                    return
                case --no-open
                    echo 'flag'
                    return
                case --no-input
                    echo 'flag'
                    return
                case --events
                    echo 'values:text json'
                    return
                case --product
                    echo 'text'
                    return
                case --confirm
                    echo 'flag'
                    return
                case --confirm-wait
                    echo 'text'
                    return
                case --poll
                    echo 'flag'
                    return
                case --no-cancel-url
                    echo 'flag'
                    return
                case --activate-license
                    echo 'flag'
                    return
                case --license-name
                    echo 'text'
                    return
                case --qr
                    echo 'flag'
                    return
            end
        case 'dodo checkout create'
            switch $option
                case --product
                    echo 'text'
                    return
                case --return-url
                    echo 'text'
                    return
                case --email
                    echo 'text'
                    return
                case --name
                    echo 'text'
                    return
                case --metadata
                    echo 'text'
                    return
                case --discount-code
                    echo 'text'
                    return
                case --cancel-url
                    echo 'flag'
                    return
                case --qr
                    echo 'flag'
                    return
                case --theme
                    echo 'values:dark light system'
                    return
                case --language
                    echo 'text'
                    return
                case --redirect-immediately
                    echo 'flag'
                    return
            end
        case 'dodo confirm'
            switch $option
                case --rate
                    echo 'text'
                    return
            end
        case 'dodo abandoned clear'
            switch $option
                case --force
                    echo 'flag'
                    return
            end
        case 'dodo license activate'
            switch $option
                case --name
                    echo 'text'
                    return
                case --app
                    echo 'text'
                    return
            end
        case 'dodo license validate'
            switch $option
                case --grace
                    echo 'text'
                    return
                case --app
                    echo 'text'
                    return
            end
        case 'dodo license deactivate'
            switch $option
                case --app
                    echo 'text'
                    return
            end
        case 'dodo license status'
            switch $option
                case --app
                    echo 'text'
                    return
            end
        case 'dodo url-handler install'
            switch $option
                case --all
                    echo 'flag'
                    return
            end
        case 'dodo url-handler remove'
            switch $option
                case --all
                    echo 'flag'
                    return
            end
        case 'dodo url-handler status'
            switch $option
                case --all
                    echo 'flag'
                    return
            end
        case 'dodo explain-status'
            switch $option
                case --redact
                    echo 'flag'
                    return
                case --summary
                    echo 'flag'
                    return
            end
        case 'dodo validate'
            switch $option
                case --return-url
                    echo 'text'
                    return
            end
        case 'dodo webhook verify'
            switch $option
                case --request
                    echo 'file'
                    return
                case --id
                    echo 'text'
                    return
                case --timestamp
                    echo 'text'
                    return
                case --signature
                    echo 'text'
                    return
                case --secret
                    echo 'text'
                    return
                case --tolerance
                    echo 'text'
                    return
                case --at
                    echo 'text'
                    return
            end
        case 'dodo webhook sign'
            switch $option
                case --id
                    echo 'text'
                    return
                case --timestamp
                    echo 'text'
                    return
                case --secret
                    echo 'text'
                    return
            end
        case 'dodo webhook send'
            switch $option
                case --to
                    echo 'text'
                    return
                case --secret
                    echo 'text'
                    return
                case --set
                    echo 'text'
                    return
                case --data
                    echo 'file'
                    return
            end
        case 'dodo webhook listen'
            switch $option
                case --port
                    echo 'text'
                    return
                case --secret
                    echo 'text'
                    return
                case --forward-to
                    echo 'text'
                    return
            end
        case 'dodo config show'
            switch $option
                case --return-url
                    echo 'text'
                    return
                case --browser
                    echo 'text'
                    return
                case --timeout
                    echo 'text'
                    return
                case --dismiss-button-style
                    echo 'values:done close cancel'
                    return
                case --presentation-style
                    echo 'values:pageSheet fullScreen'
                    return
                case --bar-collapsing-enabled
                    echo 'values:true false'
                    return
                case --color-scheme
                    echo 'values:system light dark'
                    return
                case --theme
                    echo 'values:dark light system'
                    return
                case --language
                    echo 'text'
                    return
                case --redirect-immediately
                    echo 'flag'
                    return
            end
        case 'dodo doctor'
            switch $option
                case --return-url
                    echo 'text'
                    return
                case --round-trip
                    echo 'flag'
                    return
            end
    end
    switch $option
        case --config
            echo 'file'
        case --profile
            echo 'profile'
        case --json
            echo 'flag'
        case --no-color
            echo 'flag'
        case --verbose
            echo 'flag'
        case --mode
            echo 'values:test live'
        case --api-timeout
            echo 'text'
        case -h --help
            echo 'flag'
        case '*'
            echo flag
    end
end

# "repeats" or "once", then what each positional argument of the command at path
# $argv[1] completes to, in order.
function __dodo_arguments
    switch $argv[1]
        case 'dodo start'
            printf '%s\n' once 'text'
        case 'dodo confirm'
            printf '%s\n' repeats 'text'
        case 'dodo handle-url'
            printf '%s\n' once 'text'
        case 'dodo license activate'
            printf '%s\n' once 'text'
        case 'dodo license validate'
            printf '%s\n' once 'text'
        case 'dodo license deactivate'
            printf '%s\n' once 'text'
        case 'dodo explain-status'
            printf '%s\n' repeats 'text'
        case 'dodo validate'
            printf '%s\n' once 'text'
        case 'dodo webhook verify'
            printf '%s\n' once 'file'
        case 'dodo webhook sign'
            printf '%s\n' once 'file'
        case 'dodo webhook send'
            printf '%s\n' once 'values:payment.succeeded payment.failed payment.processing payment.cancelled refund.succeeded refund.failed dispute.opened dispute.expired dispute.accepted dispute.cancelled dispute.challenged dispute.won dispute.lost subscription.active subscription.renewed subscription.on_hold subscription.past_due subscription.paused subscription.unpaused subscription.cancelled subscription.failed subscription.expired subscription.plan_changed subscription.updated subscription.update_payment_method license_key.created payout.created payout.on_hold payout.in_progress payout.failed payout.success credit.added credit.deducted credit.expired credit.rolled_over credit.rollover_forfeited credit.overage_charged credit.overage_reset credit.manual_adjustment credit.balance_low abandoned_checkout.detected abandoned_checkout.recovered dunning.started dunning.recovered entitlement_grant.created entitlement_grant.delivered entitlement_grant.failed entitlement_grant.revoked'
        case 'dodo completion'
            printf '%s\n' once 'values:bash zsh fish'
        case 'dodo help'
            printf '%s\n' repeats 'command'
        case '*'
            echo once
    end
end

# The plugins: dodo-NAME programs on PATH whose NAME is not a built-in command.
function __dodo_plugins
    set -l seen
    for program in $PATH/dodo-*
        test -x $program -a ! -d $program; or continue
        set -l name (string replace -r '^.*/dodo-' '' -- $program)
        contains -- $name $seen 'start' 'checkout' 'confirm' 'handle-url' 'abandoned' 'license' 'url-handler' 'explain-status' 'validate' 'webhook' 'config' 'doctor' 'completion' 'help' '__generate'; and continue
        set -a seen $name
        printf '%s\tplugin (%s)\n' $name $program
    end
end

# The candidates for a value of kind $argv[1], each after the prefix $argv[2]
# (`--config=` when the value is in the same word as its option).
function __dodo_complete_value
    set -l kind $argv[1]
    set -l prefix $argv[2]
    set -l word (string sub -s (math (string length -- "$prefix") + 1) -- "$__dodo_cur")
    switch $kind
        case 'values:*'
            for value in (string split ' ' -- (string replace 'values:' '' -- $kind))
                printf '%s%s\n' $prefix $value
            end
        case file
            for path in (__fish_complete_path "$word")
                printf '%s%s\n' $prefix $path
            end
        case profile
            # One quick call back into dodo, passing on --config when the line has one.
            for name in ($__dodo_program $__dodo_config config profiles 2>/dev/null)
                printf '%s%s\n' $prefix $name
            end
        case command
            set -l cmdpath (string join ' ' dodo $__dodo_positionals)
            __dodo_subcommands $cmdpath
            test "$cmdpath" = dodo; and __dodo_plugins
    end
end

# Asks plugin $argv[1] for candidates: dodo_complete-NAME WORDS... CURRENT.
function __dodo_complete_plugin
    set -l helper dodo_complete-$argv[1]
    command -q $helper; or return 0
    command $helper $argv[2..-1] 2>/dev/null
end

function __dodo_complete
    set -l tokens (commandline -opc)
    set -l cur (commandline -ct)
    # Shared with __dodo_complete_value.
    set -g __dodo_cur $cur
    set -g __dodo_program $tokens[1]
    string match -q -- '*/*' $__dodo_program; and test -x $__dodo_program; or set __dodo_program dodo
    set -g __dodo_config
    set -g __dodo_positionals
    set -l cmdpath dodo
    set -l pending
    set -l ended 0
    set -l i 2
    set -l count (count $tokens)

    # Walk the words before the cursor: options (and their values), subcommands, arguments.
    while test $i -le $count
        set -l word $tokens[$i]
        set i (math $i + 1)
        set pending
        if test $ended = 0 -a "$word" = --
            set ended 1
            continue
        end
        if test $ended = 0; and string match -qr -- '^-.' $word
            if string match -q -- '--*=*' $word
                set -l parts (string split -m 1 = -- $word)
                test $parts[1] = --config; and set __dodo_config --config $parts[2]
                continue
            end
            set -l kind (__dodo_option_value $cmdpath $word)
            test "$kind" = flag; and continue
            if test $i -le $count
                test $word = --config; and set __dodo_config --config $tokens[$i]
                set i (math $i + 1)
            else
                set pending $kind
            end
            continue
        end
        if test (count $__dodo_positionals) -eq 0
            if contains -- $word (__dodo_subcommands $cmdpath | string replace -r '\t.*' '')
                set cmdpath "$cmdpath $word"
                continue
            end
            if test $cmdpath = dodo
                set -l rest
                test $i -le $count; and set rest $tokens[$i..-1]
                __dodo_complete_plugin $word $rest "$cur"
                return
            end
        end
        set -a __dodo_positionals $word
    end

    if test -n "$pending"
        __dodo_complete_value $pending ''
    else if test $ended = 0; and string match -q -- '--*=*' $cur
        set -l option (string split -m 1 = -- $cur)[1]
        set -l kind (__dodo_option_value $cmdpath $option)
        test "$kind" != flag; and __dodo_complete_value $kind "$option="
    else if test $ended = 0; and string match -q -- '-*' $cur
        __dodo_options $cmdpath
    else
        set -l subcommands (__dodo_subcommands $cmdpath)
        if test (count $__dodo_positionals) -eq 0 -a (count $subcommands) -gt 0
            printf '%s\n' $subcommands
            test $cmdpath = dodo; and __dodo_plugins
        else
            set -l kinds (__dodo_arguments $cmdpath)
            set -l index (math (count $__dodo_positionals) + 2)
            set -l last (count $kinds)
            test $kinds[1] = repeats -a $index -gt $last; and set index $last
            test $index -le $last; and __dodo_complete_value $kinds[$index] ''
        end
    end
end

complete -c dodo -f -a '(__dodo_complete)'

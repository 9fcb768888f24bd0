/// The bash completion script (`completions/dodo`), generated from the command tree.
///
/// It works with bash-completion (which splits `--config=FILE` properly and completes paths
/// with `_filedir`) and, more roughly, without it.
enum BashCompletion {
  static func script(_ model: CompletionModel = CompletionModel()) -> String {
    String(decoding: bytes(model), as: UTF8.self)
  }

  /// The script as bytes, written in order into one buffer: the tables go in as they are,
  /// where interpolating them into one string literal made each a string first, and the
  /// literal's string grew twice over.
  static func bytes(_ model: CompletionModel = CompletionModel()) -> [UInt8] {
    // The tables in bytes: string interpolation is costly at start-up (docs/benchmarks.md).
    var subcommands: [UInt8] = []
    var options: [UInt8] = []
    var optionValues: [UInt8] = []
    var arguments: [UInt8] = []
    /// `    'dodo config') __dodo_reply=(WORDS)`, the words written by `words`.
    func reply(_ out: inout [UInt8], _ path: String, _ words: (inout [UInt8]) -> Void) {
      out.append(text: "    ")
      out.append(quoted: path)
      out.append(text: ") __dodo_reply=(")
      words(&out)
      out.append(text: ")")
    }
    for command in model.commands {
      if !command.subcommands.isEmpty {
        reply(&subcommands, command.path) {
          $0.append(each: command.subcommands, separator: UInt8(ascii: " ")) { $0.append(text: $1.name) }
        }
        subcommands.append(text: " ;;\n")
      }
      if !command.offeredOptions.isEmpty {
        reply(&options, command.path) {
          $0.append(each: command.offeredOptions, separator: UInt8(ascii: " ")) {
            $0.append(wordsOf: $1, separator: " ")
          }
        }
        options.append(text: " ;;\n")
      }
      if !command.options.isEmpty {
        optionValues.append(text: "    ")
        optionValues.append(quoted: command.path)
        optionValues.append(text: ")\n      case $2 in\n")
        for option in command.options {
          optionValues.append(text: "        ")
          optionValues.append(wordsOf: option, separator: "|")
          optionValues.append(text: ") __dodo_value=")
          optionValues.append(quoted: CompletionModel.ValueKind(option).scriptWord)
          optionValues.append(text: "; return ;;\n")
        }
        optionValues.append(text: "      esac ;;\n")
      }
      if let (kinds, repeats) = command.arguments {
        reply(&arguments, command.path) {
          $0.append(each: kinds, separator: UInt8(ascii: " ")) { $0.append(quoted: $1) }
        }
        arguments.append(text: repeats ? "; __dodo_repeats=1 ;;\n" : "; __dodo_repeats=0 ;;\n")
      }
    }
    var globalValues: [UInt8] = []
    for option in model.globalOptions {
      globalValues.append(text: "    ")
      globalValues.append(wordsOf: option, separator: "|")
      globalValues.append(text: ") __dodo_value=")
      globalValues.append(quoted: CompletionModel.ValueKind(option).scriptWord)
      globalValues.append(text: " ;;\n")
    }

    var out: [UInt8] = []
    out.reserveCapacity(24 * 1024)
    out.append(
      text: """
        # bash completion for dodo                                    -*- shell-script -*-

        """)
    out.append(text: CompletionModel.notice)
    out.append(
      text: """


        # The visible subcommands of the command at path $1.
        __dodo_subcommands() {
          case $1 in

        """)
    out.append(contentsOf: subcommands)
    out.append(
      text: """
            *) __dodo_reply=() ;;
          esac
        }

        # The options of the command at path $1, its own and the global ones.
        __dodo_options() {
          case $1 in

        """)
    out.append(contentsOf: options)
    out.append(
      text: """
            *) __dodo_reply=() ;;
          esac

        """)
    out.append(text: "  __dodo_reply+=(")
    out.append(each: model.globalOptions, separator: UInt8(ascii: " ")) { $0.append(wordsOf: $1, separator: " ") }
    out.append(
      text: """
        )
        }

        # What the value of option $2 of the command at path $1 completes to (flag: it takes none).
        __dodo_option_value() {
          case $1 in

        """)
    out.append(contentsOf: optionValues)
    out.append(
      text: """
          esac
          case $2 in

        """)
    out.append(contentsOf: globalValues)
    out.append(
      text: """
            *) __dodo_value=flag ;;
          esac
        }

        # What the positional arguments of the command at path $1 complete to, in order;
        # __dodo_repeats=1 when the last one repeats.
        __dodo_arguments() {
          __dodo_repeats=0
          case $1 in

        """)
    out.append(contentsOf: arguments)
    out.append(
      text: """
            *) __dodo_reply=() ;;
          esac
        }

        # The plugins: dodo-NAME programs on PATH whose NAME is not a built-in command.
        __dodo_plugins() {
          local program name
          __dodo_reply=()
          # Names are read line by line, never split or expanded: a program's name is not code.
          while IFS= read -r program; do
            name=${program#dodo-}
            case $name in

        """)
    out.append(text: "      '' | ")
    out.append(each: model.reservedNames, separator: UInt8(ascii: "|")) { $0.append(quoted: $1) }
    out.append(
      text: """
        ) ;;
              *) __dodo_reply+=("$name") ;;
            esac
          done < <(compgen -c -- dodo- | sort -u)
        }

        # Adds the word $2 to COMPREPLY when it starts with $1 (the word being completed, as
        # typed or as quoted), quoted as the shell reads it back (printf %q): readline inserts
        # COMPREPLY as it is, so a name holding $(...), a blank or a quote goes in as text, never
        # as code to run on Enter.
        __dodo_offer() {
          local quoted
          printf -v quoted %q "$2"
          [[ $2 == "$1"* || $quoted == "$1"* ]] && COMPREPLY+=("$quoted")
        }

        # COMPREPLY: the words after $1 that start with $1, each quoted (__dodo_offer). (compgen
        # -W would expand each word again, running any $(...) in a plugin's name.)
        __dodo_reply_matching() {
          local cur=$1 word
          shift
          COMPREPLY=()
          for word in "$@"; do
            __dodo_offer "$cur" "$word"
          done
        }

        # COMPREPLY: the subcommands of $1 in __dodo_reply (from __dodo_subcommands), and at
        # the top level the plugins too, that start with $2.
        __dodo_reply_commands() {
          local candidates=("${__dodo_reply[@]}")
          if [[ $1 == dodo ]]; then
            __dodo_plugins
            candidates+=("${__dodo_reply[@]}")
          fi
          __dodo_reply_matching "$2" "${candidates[@]}"
        }

        # COMPREPLY for a value of kind $1 (see __dodo_option_value) and the word $2.
        __dodo_complete_value() {
          local kind=$1 cur=$2 line
          COMPREPLY=()
          case $kind in
            values:*)
              local -a values
              read -ra values <<<"${kind#values:}"
              __dodo_reply_matching "$cur" "${values[@]}"
              ;;
            file)
              compopt -o filenames 2>/dev/null
              if declare -F _filedir >/dev/null; then
                _filedir
              else
                while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen -f -- "$cur")
              fi
              ;;
            profile)
              # One quick call back into dodo, passing on --config when the line has one.
              while IFS= read -r line; do
                [[ -n $line ]] && __dodo_offer "$cur" "$line"
              done < <("$__dodo_program" "${__dodo_config[@]}" config profiles 2>/dev/null)
              ;;
            command)
              local path=dodo word
              for word in "${__dodo_positionals[@]}"; do path+=" $word"; done
              __dodo_subcommands "$path"
              __dodo_reply_commands "$path" "$cur"
              ;;
          esac
        }

        # Asks plugin $1 for candidates: dodo_complete-$1 WORDS... CURRENT.
        __dodo_complete_plugin() {
          local helper=dodo_complete-$1 line
          shift
          COMPREPLY=()
          type -P "$helper" >/dev/null || return 0
          while IFS= read -r line; do
            [[ -n $line ]] && __dodo_offer "$cur" "$line"
          done < <("$helper" "$@" 2>/dev/null)
        }

        _dodo() {
          local cur prev words cword
          if declare -F _init_completion >/dev/null; then
            _init_completion -n =: || return
          else
            words=("${COMP_WORDS[@]}")
            cword=$COMP_CWORD
            cur=${COMP_WORDS[COMP_CWORD]}
          fi

          local __dodo_program=${words[0]}
          [[ $__dodo_program == */* && -x $__dodo_program ]] || __dodo_program=dodo
          local __dodo_reply=() __dodo_value= __dodo_repeats=0
          local __dodo_config=() __dodo_positionals=()
          local path=dodo word pending= ended=0 i

          # Walk the words before the cursor: options (and their values), subcommands, arguments.
          for ((i = 1; i < cword; i++)); do
            word=${words[i]}
            pending=
            if ((!ended)) && [[ $word == -- ]]; then
              ended=1
              continue
            fi
            if ((!ended)) && [[ $word == -?* ]]; then
              if [[ $word == --*=* ]]; then
                [[ ${word%%=*} == --config ]] && __dodo_config=(--config "${word#*=}")
                continue
              fi
              __dodo_option_value "$path" "$word"
              [[ $__dodo_value == flag ]] && continue
              if ((i + 1 < cword)); then
                ((i++))
                [[ $word == --config ]] && __dodo_config=(--config "${words[i]}")
              else
                pending=$__dodo_value
              fi
              continue
            fi
            if ((${#__dodo_positionals[@]} == 0)); then
              __dodo_subcommands "$path"
              if [[ " ${__dodo_reply[*]} " == *" $word "* ]]; then
                path+=" $word"
                continue
              fi
              if [[ $path == dodo ]]; then
                __dodo_complete_plugin "$word" "${words[@]:i+1:cword-i-1}" "$cur"
                return 0
              fi
            fi
            __dodo_positionals+=("$word")
          done

          if [[ -n $pending ]]; then
            __dodo_complete_value "$pending" "$cur"
          elif ((!ended)) && [[ $cur == --*=* ]]; then
            __dodo_option_value "$path" "${cur%%=*}"
            [[ $__dodo_value != flag ]] && __dodo_complete_value "$__dodo_value" "${cur#*=}"
          elif ((!ended)) && [[ $cur == -* ]]; then
            __dodo_options "$path"
            __dodo_reply_matching "$cur" "${__dodo_reply[@]}"
          else
            __dodo_subcommands "$path"
            if ((${#__dodo_positionals[@]} == 0 && ${#__dodo_reply[@]} > 0)); then
              __dodo_reply_commands "$path" "$cur"
            else
              __dodo_arguments "$path"
              local index=${#__dodo_positionals[@]} count=${#__dodo_reply[@]}
              ((__dodo_repeats && index >= count)) && index=$((count - 1))
              if ((index < count)); then
                __dodo_complete_value "${__dodo_reply[index]}" "$cur"
              fi
            fi
          fi
          declare -F __ltrim_colon_completions >/dev/null && __ltrim_colon_completions "$cur"
          return 0
        } &&
          complete -F _dodo dodo

        # ex: filetype=sh

        """)
    return out
  }
}

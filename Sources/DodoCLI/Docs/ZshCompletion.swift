import DodoBytes

/// The zsh completion script (`completions/_dodo`), generated from the command tree. It
/// walks the line the same way as the bash script, and offers commands and options with
/// their descriptions.
enum ZshCompletion {
  static func script(_ model: CompletionModel = CompletionModel()) -> String {
    let q = CompletionModel.quoted
    func described(_ name: String, _ help: String) -> String {
      // Without a colon (every name), no generic search for one.
      let escaped = name.holds(UInt8(ascii: ":")) ? name.replacing(":", with: "\\:") : name
      return q(escaped + ":" + CompletionModel.summary(help))
    }
    let globalWords = model.globalOptions.flatMap { option in
      CompletionModel.words(of: option).map { described($0, option.help) }
    }
    var subcommands = ""
    var options = ""
    var optionValues = ""
    var arguments = ""
    for command in model.commands {
      if !command.subcommands.isEmpty {
        let entries = command.subcommands.map { described($0.name, $0.abstract) }
        subcommands += "    \(q(command.path))) reply=(\n      \(entries.joined(separator: "\n      "))\n    ) ;;\n"
      }
      let own = CompletionModel.describedWords(of: command.offeredOptions).map { described($0.word, $0.help) }
      if !own.isEmpty {
        options += "    \(q(command.path))) reply=(\n      \(own.joined(separator: "\n      "))\n    ) ;;\n"
      }
      if !command.options.isEmpty {
        optionValues += "    \(q(command.path)))\n      case $2 in\n"
        for option in command.options {
          let words = CompletionModel.words(of: option).joined(separator: "|")
          optionValues += "        (\(words)) value=\(q(CompletionModel.ValueKind(option).scriptWord)); return ;;\n"
        }
        optionValues += "      esac ;;\n"
      }
      if let (kinds, repeats) = command.arguments {
        let words = kinds.map(q).joined(separator: " ")
        arguments += "    \(q(command.path))) reply=(\(words)); repeats=\(repeats ? 1 : 0) ;;\n"
      }
    }
    var globalValues = ""
    for option in model.globalOptions {
      let words = CompletionModel.words(of: option).joined(separator: "|")
      globalValues += "    (\(words)) value=\(q(CompletionModel.ValueKind(option).scriptWord)) ;;\n"
    }

    return """
      #compdef dodo
      # zsh completion for dodo.
      \(CompletionModel.notice)

      # The visible subcommands of the command at path $1, as name:description.
      __dodo_subcommands() {
        case $1 in
      \(subcommands)    (*) reply=() ;;
        esac
      }

      # The options of the command at path $1, its own and the global ones, as name:description.
      __dodo_options() {
        case $1 in
      \(options)    (*) reply=() ;;
        esac
        reply+=(
          \(globalWords.joined(separator: "\n    "))
        )
      }

      # What the value of option $2 of the command at path $1 completes to (flag: it takes none).
      __dodo_option_value() {
        case $1 in
      \(optionValues)  esac
        case $2 in
      \(globalValues)    (*) value=flag ;;
        esac
      }

      # What the positional arguments of the command at path $1 complete to, in order;
      # repeats=1 when the last one repeats.
      __dodo_arguments() {
        repeats=0
        case $1 in
      \(arguments)    (*) reply=() ;;
        esac
      }

      # The plugins: dodo-NAME programs on PATH whose NAME is not a built-in command.
      __dodo_plugins() {
        local program name
        reply=()
        for program in ${(k)commands[(I)dodo-*]}; do
          name=${program#dodo-}
          case $name in
            ('' | \(model.reservedNames.map(q).joined(separator: " | "))) ;;
            # _describe reads NAME:DESCRIPTION: a colon in the name is escaped, not a cut.
            (*) reply+=("${name//:/\\\\:}:plugin ($commands[$program])") ;;
          esac
        done
      }

      # Offers the candidates for a value of kind $1 (see __dodo_option_value).
      __dodo_complete_value() {
        local -a candidates expl
        case $1 in
          (values:*)
            candidates=(${=${1#values:}})
            _describe -t values value candidates
            ;;
          (file) _files ;;
          (profile)
            # One quick call back into dodo, passing on --config when the line has one.
            # Names as they are: compadd quotes what it inserts, and takes no NAME:DESCRIPTION
            # form that would cut a name at a colon.
            candidates=(${(f)"$("$dodo_program" "${dodo_config[@]}" config profiles 2>/dev/null)"})
            _wanted profiles expl profile compadd -a candidates
            ;;
          (command)
            local cmdpath=dodo word
            for word in "${dodo_positionals[@]}"; do cmdpath+=" $word"; done
            __dodo_subcommands "$cmdpath"
            candidates=("${reply[@]}")
            if [[ $cmdpath == dodo ]]; then
              __dodo_plugins
              candidates+=("${reply[@]}")
            fi
            _describe -t commands command candidates
            ;;
        esac
      }

      # Asks plugin $1 for candidates: dodo_complete-$1 WORDS... CURRENT.
      __dodo_complete_plugin() {
        local helper=dodo_complete-$1
        shift
        (( $+commands[$helper] )) || return 0
        local -a candidates
        candidates=(${(f)"$("$helper" "$@" 2>/dev/null)"})
        compadd -a candidates
      }

      _dodo() {
        local -a reply dodo_config dodo_positionals candidates
        local value repeats=0 cmdpath=dodo word pending ended=0 i
        local dodo_program=${words[1]}
        [[ $dodo_program == */* && -x $dodo_program ]] || dodo_program=dodo

        # Walk the words before the cursor: options (and their values), subcommands, arguments.
        for ((i = 2; i < CURRENT; i++)); do
          word=${(Q)words[i]}
          pending=
          if (( !ended )) && [[ $word == -- ]]; then
            ended=1
            continue
          fi
          if (( !ended )) && [[ $word == -?* ]]; then
            if [[ $word == --*=* ]]; then
              [[ ${word%%=*} == --config ]] && dodo_config=(--config "${word#*=}")
              continue
            fi
            __dodo_option_value "$cmdpath" "$word"
            [[ $value == flag ]] && continue
            if (( i + 1 < CURRENT )); then
              (( i++ ))
              [[ $word == --config ]] && dodo_config=(--config "${(Q)words[i]}")
            else
              pending=$value
            fi
            continue
          fi
          if (( ${#dodo_positionals} == 0 )); then
            __dodo_subcommands "$cmdpath"
            if (( ${reply[(I)${(b)word}:*]} )); then
              cmdpath+=" $word"
              continue
            fi
            if [[ $cmdpath == dodo ]]; then
              __dodo_complete_plugin "$word" "${(@Q)words[i+1,CURRENT-1]}" "$PREFIX"
              return
            fi
          fi
          dodo_positionals+=("$word")
        done

        if [[ -n $pending ]]; then
          __dodo_complete_value "$pending"
        elif (( !ended )) && [[ $PREFIX == --*=* ]]; then
          __dodo_option_value "$cmdpath" "${PREFIX%%=*}"
          compset -P '*='
          [[ $value != flag ]] && __dodo_complete_value "$value"
        elif (( !ended )) && [[ $PREFIX == -* ]]; then
          __dodo_options "$cmdpath"
          _describe -t options option reply
        else
          __dodo_subcommands "$cmdpath"
          if (( ${#dodo_positionals} == 0 && ${#reply} > 0 )); then
            candidates=("${reply[@]}")
            if [[ $cmdpath == dodo ]]; then
              __dodo_plugins
              candidates+=("${reply[@]}")
            fi
            _describe -t commands command candidates
          else
            __dodo_arguments "$cmdpath"
            local index=$(( ${#dodo_positionals} + 1 )) count=${#reply}
            (( repeats && index > count )) && index=$count
            (( index <= count )) && __dodo_complete_value "${reply[index]}"
          fi
        fi
      }

      if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
        _dodo "$@"
      else
        compdef _dodo dodo
      fi

      """
  }
}

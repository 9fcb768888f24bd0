/// The fish completion script (`completions/dodo.fish`), generated from the command tree.
/// One function walks the line the same way as the bash and zsh scripts and prints the
/// candidates with their descriptions; fish filters them by what is typed.
enum FishCompletion {
  static func script(_ model: CompletionModel = CompletionModel()) -> String {
    let q = CompletionModel.quoted
    func described(_ name: String, _ help: String) -> String { q(name + "\t" + CompletionModel.summary(help)) }
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
        subcommands +=
          "        case \(q(command.path))\n            printf '%s\\n' \\\n                \(entries.joined(separator: " \\\n                "))\n"
      }
      let own = CompletionModel.describedWords(of: command.offeredOptions).map { described($0.word, $0.help) }
      if !own.isEmpty {
        options +=
          "        case \(q(command.path))\n            printf '%s\\n' \\\n                \(own.joined(separator: " \\\n                "))\n"
      }
      if !command.options.isEmpty {
        optionValues += "        case \(q(command.path))\n            switch $option\n"
        for option in command.options {
          let words = CompletionModel.words(of: option).joined(separator: " ")
          optionValues +=
            "                case \(words)\n                    echo \(q(CompletionModel.ValueKind(option).scriptWord))\n                    return\n"
        }
        optionValues += "            end\n"
      }
      if let (kinds, repeats) = command.arguments {
        arguments +=
          "        case \(q(command.path))\n            printf '%s\\n' \(repeats ? "repeats" : "once") \(kinds.map(q).joined(separator: " "))\n"
      }
    }
    var globalValues = ""
    for option in model.globalOptions {
      let words = CompletionModel.words(of: option).joined(separator: " ")
      globalValues += "        case \(words)\n            echo \(q(CompletionModel.ValueKind(option).scriptWord))\n"
    }

    return """
      # fish completion for dodo.
      \(CompletionModel.notice)

      # The visible subcommands of the command at path $argv[1], as name<TAB>description.
      function __dodo_subcommands
          switch $argv[1]
      \(subcommands)    end
      end

      # The options of the command at path $argv[1], its own and the global ones.
      function __dodo_options
          switch $argv[1]
      \(options)    end
          printf '%s\\n' \\
              \(globalWords.joined(separator: " \\\n        "))
      end

      # What the value of option $argv[2] of the command at path $argv[1] completes to
      # (flag: it takes none).
      function __dodo_option_value
          set -l option $argv[2]
          switch $argv[1]
      \(optionValues)    end
          switch $option
      \(globalValues)        case '*'
                  echo flag
          end
      end

      # "repeats" or "once", then what each positional argument of the command at path
      # $argv[1] completes to, in order.
      function __dodo_arguments
          switch $argv[1]
      \(arguments)        case '*'
                  echo once
          end
      end

      # The plugins: dodo-NAME programs on PATH whose NAME is not a built-in command.
      function __dodo_plugins
          set -l seen
          for program in $PATH/dodo-*
              test -x $program -a ! -d $program; or continue
              set -l name (string replace -r '^.*/dodo-' '' -- $program)
              contains -- $name $seen \(model.reservedNames.map(q).joined(separator: " ")); and continue
              set -a seen $name
              printf '%s\\tplugin (%s)\\n' $name $program
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
                      printf '%s%s\\n' $prefix $value
                  end
              case file
                  for path in (__fish_complete_path "$word")
                      printf '%s%s\\n' $prefix $path
                  end
              case profile
                  # One quick call back into dodo, passing on --config when the line has one.
                  for name in ($__dodo_program $__dodo_config config profiles 2>/dev/null)
                      printf '%s%s\\n' $prefix $name
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
                  if contains -- $word (__dodo_subcommands $cmdpath | string replace -r '\\t.*' '')
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
                  printf '%s\\n' $subcommands
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

      """
  }
}

import DodoCLI

Dodo.runAndExit()

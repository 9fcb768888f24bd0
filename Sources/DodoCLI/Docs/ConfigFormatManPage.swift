import DodoConfig

/// `dodo-config(5)`: the YAML configuration format (spec section 5). Written by hand, except
/// the keys, which DodoConfig's `ConfigKeyDoc` describes beside the schema.
enum ConfigFormatManPage {
  static func text() -> String {
    var page = Roff(
      title: "dodo-config", section: 5, date: ManPages.date, source: "dodo \(Dodo.version)", manual: "File Formats")
    page.section("NAME")
    page.line("dodo\\-config \\- the configuration file of dodo")
    page.section("SYNOPSIS")
    page.line(Roff.italic("$XDG_CONFIG_HOME/dodo/config.yaml"))
    page.request("br")
    page.line(Roff.italic("$XDG_CONFIG_DIRS/dodo/config.yaml"))

    page.section("DESCRIPTION")
    page.paragraphs(
      """
      The configuration of dodo(1) is YAML: named profiles, each with a return URL, a browser command, \
      a timeout and the customization of the browser. No config file at all is fine: built-in defaults apply.
      The file given with --config FILE, else $DODO_CONFIG, is the one file read: it must exist, and \
      the files below are not looked at (as kubectl --kubeconfig or GIT_CONFIG_GLOBAL), so a broken \
      personal file cannot break dodo --config ci.yaml. Otherwise the files are read in this order, and \
      for each profile the first file that defines it wins: $XDG_CONFIG_HOME/dodo/config.yaml \
      (default ~/.config/dodo/config.yaml), then dodo/config.yaml under each directory of $XDG_CONFIG_DIRS \
      (default /etc/xdg); they are only looked for. default_profile is taken from the first file that sets it.
      Precedence for every setting: the command-line flag, then the environment (DODO_RETURN_URL, DODO_BROWSER; \
      DODO_PROFILE picks the profile), then the selected profile, then the built-in default. \
      dodo config show prints each effective value and where it came from; dodo validate checks the files.
      The format is strict: an unknown key, a wrong type, a bad value, a duplicate key, a document that does not \
      parse, or an unknown --profile is a configuration error (exit status 78) that names the file, line and \
      column, and what was expected. Anchors, aliases and tags are not allowed.
      Limits keep a broken or hostile file harmless: a file is at most 1 MiB of UTF-8 holding one document, \
      nested at most 32 levels deep.
      A config file names a command that dodo start runs, so dodo reads only files that belong to the user \
      or to root and that neither their group nor other users can write (chmod go-w FILE); any other file is a configuration error. \
      The same holds for the directory that holds the file as named, since whoever can write a directory can replace \
      the files in it: it must belong to the user or to root and be writable by neither its group nor others \
      (chmod go-w DIR), unless it is sticky as /tmp is, where nobody else may replace your file. A config file that \
      is a symbolic link is followed, and the directory of its target is not checked.
      """)

    page.section("OPTIONS")
    page.prose("The keys of the file, each optional:")
    for doc in ConfigKeyDoc.top { page.item(Roff.bold(doc.key), doc.text) }
    page.prose("The keys of a profile, each optional:")
    for doc in ConfigKeyDoc.profile { page.item(Roff.bold(doc.key), doc.text) }
    page.request("RS")
    for doc in ConfigKeyDoc.customization { page.item(Roff.bold(doc.key), doc.text) }
    page.request("RE")

    page.section("EXIT STATUS")
    page.prose("Any dodo command that reads a configuration file that does not load exits with status 78; see dodo(1).")

    page.section("ENVIRONMENT")
    for variable in ManPages.environment
    where ["DODO_CONFIG", "DODO_PROFILE", "DODO_RETURN_URL", "DODO_BROWSER", "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS"]
      .contains(variable.name)
    {
      page.item(Roff.bold(variable.name), variable.text)
    }

    page.section("FILES")
    page.item(
      Roff.italic("$XDG_CONFIG_HOME/dodo/config.yaml"), "The user's configuration (default ~/.config/dodo/config.yaml)."
    )
    page.item(
      Roff.italic("$XDG_CONFIG_DIRS/dodo/config.yaml"), "System-wide configuration (default /etc/xdg/dodo/config.yaml)."
    )
    page.item(Roff.italic("share/doc/dodo/config.yaml"), "An example that documents every key, installed with dodo.")

    page.section("EXAMPLES")
    page.request("PP")
    page.prose("A profile for an app with its own URL scheme, and one for desktop development:")
    page.request("PP")
    page.request("RS", "4")
    page.request("EX")
    for line in example.split(separator: "\n", omittingEmptySubsequences: false) {
      page.line(Roff.escape(String(line)))
    }
    page.request("EE")
    page.request("RE")

    page.section("SEE ALSO")
    page.line(
      "\(Roff.bold("dodo"))(1), \(Roff.bold("dodo-config"))(1), \(Roff.bold("dodo-validate"))(1), \(Roff.bold("dodo-start"))(1)"
    )
    return page.text
  }

  static let example = """
    default_profile: myapp
    profiles:
      myapp:
        return_url: myapp://checkout/return
        browser: "firefox --new-window %s"
        timeout: 900
        customization:
          dismiss_button_style: close
          presentation_style: fullScreen
          bar_collapsing_enabled: false
          color_scheme: dark
      local-dev:
        return_url: http://127.0.0.1:53682/return
    """
}

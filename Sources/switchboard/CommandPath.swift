/// Which command of the tree a command line runs: the words that name subcommands are taken out of
/// the line, and the rest is read by the last command found.
enum CommandPath {
    /// The command path of `arguments` below `root`, and the arguments left for its last command.
    /// A group's subcommand is its first positional word, so options may come before it
    /// (`codegen --schema s.graphql models …`, which earlier versions accepted); the values of the
    /// options the group's commands take are skipped when looking for that word.
    static func resolve(_ arguments: [String], root: any CLICommand.Type) throws(UsageError)
        -> (path: [any CLICommand.Type], arguments: [String])
    {
        var path: [any CLICommand.Type] = [root]
        var remaining = arguments
        while let group = path.last, !group.definition.subcommands.isEmpty {
            guard let index = firstPositionalIndex(remaining, valueOptions: valueOptions(below: group)) else { break }
            let name = remaining[index]
            guard let subcommand = group.definition.subcommand(named: name) else {
                throw .unknownCommand(name, path: path)
            }
            remaining.remove(at: index)
            path.append(subcommand)
        }
        return (path, remaining)
    }

    /// The commands that `names` select below `root` (`["codegen", "models"]`), for `switchboard help`.
    static func find(_ names: [String], root: any CLICommand.Type) throws(UsageError) -> [any CLICommand.Type] {
        var path: [any CLICommand.Type] = [root]
        for name in names {
            guard let group = path.last, let subcommand = group.definition.subcommand(named: name) else {
                throw .unknownCommand(name, path: path)
            }
            path.append(subcommand)
        }
        return path
    }

    /// `switchboard codegen models`: the names of a path, the tool's first.
    static func name(of path: [any CLICommand.Type]) -> String {
        path.map { $0.definition.name }.joined(separator: " ")
    }

    /// The index of the first word that is neither an option nor an option's value.
    private static func firstPositionalIndex(_ arguments: [String], valueOptions: Set<String>) -> Int? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return nil }
            guard argument.hasPrefix("-"), argument.count > 1 else { return index }
            let skipsValue = !argument.contains("=") && valueOptions.contains(argument)
            index += skipsValue ? 2 : 1
        }
        return nil
    }

    /// The spellings of every option that takes a value, in `group` and every command below it.
    private static func valueOptions(below group: any CLICommand.Type) -> Set<String> {
        var spellings: Set<String> = []
        var pending = [group]
        while let command = pending.popLast() {
            for option in command.definition.options where option.takesValue {
                spellings.insert(option.longSpelling)
                spellings.insert("-\(option.name)")
                if let short = option.shortName { spellings.insert("-\(short)") }
            }
            pending.append(contentsOf: command.definition.subcommands)
        }
        return spellings
    }
}

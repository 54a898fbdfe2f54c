/// `- show_error: {title: "Offline", description: "Check your connection"}`: a script step that
/// shows the factory's error screen (Manticore's `setErrorTitle:andDescription:`) over what is on
/// screen. The dialog is made once, through the factory, and shown again for every error; the
/// history stack, the view cache and the current section are untouched.
public struct ErrorScreenSpec: DeclaredMapping, Equatable, Sendable {
    public var title: String
    public var description: String

    public init(title: String, description: String = "") {
        self.title = title
        self.description = description
    }

    public static var blank: ErrorScreenSpec { ErrorScreenSpec(title: "") }

    public static var schema: Schema<ErrorScreenSpec> {
        Schema([
            .required("title", \.title, "The error's title.", example: "Offline"),
            .optional("description", \.description, default: "", "The error's description.", example: "Check your connection"),
        ])
    }
}

/// Why a ``ReaderWriterStore`` operation failed. A failed operation changes nothing: no item, and
/// no file, is replaced.
public enum ReaderWriterStoreError: Error, Equatable, CustomStringConvertible {
    /// An eviction decider or a loader called back into the store that called it. The inner call
    /// was refused (it returned nil or did nothing) and the outer `purge(context:)` or
    /// `value(forKey:loader:)` throws this, naming the refused operation. It would deadlock in a
    /// lock-based design, or act on a half-finished operation.
    case reentrantCall(operation: String)
    /// The file exists but could not be read (a directory, no permission).
    case unreadableFile(path: String, reason: String)
    /// The file was read but the serializer could not make entries of it.
    case corruptFile(path: String, reason: String)
    /// The file parses, but its root is not the collection the serializer writes (for JSON with
    /// string keys, not an object).
    case wrongRootType(path: String)
    /// The serializer could not encode the items.
    case encodingFailed(reason: String)
    /// The file could not be written; an existing file was left as it was.
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .reentrantCall(let operation):
            return "reentrant call: \(operation) called from inside an eviction decider or loader of the same store"
        case .unreadableFile(let path, let reason): return "\(path): cannot read: \(reason)"
        case .corruptFile(let path, let reason): return "\(path): corrupt: \(reason)"
        case .wrongRootType(let path): return "\(path): wrong root type"
        case .encodingFailed(let reason): return "cannot encode the items: \(reason)"
        case .writeFailed(let path, let reason): return "\(path): cannot write: \(reason)"
        }
    }
}

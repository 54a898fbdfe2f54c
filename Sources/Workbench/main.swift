import Report
import Foundation
print("jemalloc:", Jemalloc.isProcessAllocator, Jemalloc.allocationRequests, Jemalloc.heapAllocatedBytes)
let a = Jemalloc.threadAllocatedBytes
let arr = Array(repeating: 1, count: 1000)
print(Jemalloc.threadAllocatedBytes - a, arr.count)

// calloc for the web build that does not clear memory WebAssembly has never handed out.
//
// emmalloc's calloc always memsets the block. The engine's first big allocation is its 16 MB hash
// table, taken from memory above the heap's break (sbrk(0)) that nothing has written yet: a
// WebAssembly memory starts zeroed and memory.grow adds zeroed pages. Clearing it anyway was the
// largest single step of a cold start in Chromium (about 20 ms of the Engine's construction), and
// it also touched all 16 MB at once. Native builds get the same from the OS's lazily zeroed pages.
//
// What can be non-zero in a block: everything below the break as it was before the malloc (old
// data), and emmalloc's own bookkeeping. emmalloc links a freshly claimed region into its free
// lists before allocating from it, and those links (two pointers) sit at the start of what becomes
// the block; its other headers and footers lie outside the block. So the part below the old break
// and the first HEAD_BYTES are cleared. This relies on the break never moving down: emmalloc gives
// memory back only in malloc_trim(), which nothing here calls. emmalloc defines calloc as a weak
// symbol, so this one replaces it.
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace {
constexpr std::size_t HEAD_BYTES = 64;  // more than the allocator's free-list links (8 bytes)
}

extern "C" void* calloc(std::size_t count, std::size_t size) {
    if (size && count > SIZE_MAX / size) return nullptr;
    const std::size_t bytes = count * size;
    const std::uintptr_t old_break = reinterpret_cast<std::uintptr_t>(sbrk(0));
    void* block = std::malloc(bytes);
    if (!block) return nullptr;
    const std::uintptr_t start = reinterpret_cast<std::uintptr_t>(block);
    const std::size_t used_before = start < old_break ? std::size_t(old_break - start) : 0;
    std::memset(block, 0, std::min(bytes, std::max(used_before, HEAD_BYTES)));
    return block;
}

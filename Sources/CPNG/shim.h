#ifndef WORKBENCH_CPNG_SHIM_H
#define WORKBENCH_CPNG_SHIM_H
// libpng through its classic API, wrapped in two calls. libpng reports an error by longjmp to a
// setjmp in the caller, which Swift cannot do, so the setjmp lives here: each call returns 0 and a
// result, or -1 and libpng's message. Files are 8-bit RGBA with straight alpha, one optional
// private ancillary chunk before IDAT (written, and read back by name).
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/// What a call returns. `bytes` (the file on encode, the RGBA pixels on decode) and `chunk` are
/// malloc'd; `wb_png_result_free` releases them.
typedef struct wb_png_result {
    unsigned char *bytes;
    size_t size;
    size_t capacity;
    uint32_t width;
    uint32_t height;
    unsigned char *chunk;
    size_t chunk_size;
    int has_chunk;
    const unsigned char *input;
    size_t input_size;
    size_t input_offset;
    png_bytep *rows;
    char message[160];
} wb_png_result;

static inline void wb_png_result_free(wb_png_result *result) {
    free(result->bytes);
    free(result->chunk);
    free(result->rows);
    result->bytes = NULL;
    result->chunk = NULL;
    result->rows = NULL;
}

static void wb_png_error(png_structp png, png_const_charp message) {
    wb_png_result *result = (wb_png_result *)png_get_error_ptr(png);
    strncpy(result->message, message, sizeof result->message - 1);
    result->message[sizeof result->message - 1] = 0;
    png_longjmp(png, 1);
}

static void wb_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void wb_png_write_data(png_structp png, png_bytep data, size_t length) {
    wb_png_result *result = (wb_png_result *)png_get_io_ptr(png);
    if (length > SIZE_MAX - result->size) png_error(png, "file too large");
    if (result->size + length > result->capacity) {
        size_t capacity = result->capacity ? result->capacity : 4096;
        while (capacity < result->size + length) capacity = capacity > SIZE_MAX / 2 ? SIZE_MAX : capacity * 2;
        unsigned char *grown = (unsigned char *)realloc(result->bytes, capacity);
        if (!grown) png_error(png, "out of memory");
        result->bytes = grown;
        result->capacity = capacity;
    }
    memcpy(result->bytes + result->size, data, length);
    result->size += length;
}

static void wb_png_flush(png_structp png) { (void)png; }

static void wb_png_read_data(png_structp png, png_bytep data, size_t length) {
    wb_png_result *result = (wb_png_result *)png_get_io_ptr(png);
    if (length > result->input_size - result->input_offset) png_error(png, "png truncated");
    memcpy(data, result->input + result->input_offset, length);
    result->input_offset += length;
}

/// Encodes `width × height` straight-alpha RGBA pixels (rows of `width × 4` bytes) as a PNG,
/// deflated at zlib `level` (0...9) with libpng's adaptive filters, carrying the chunk
/// `chunk_name` (4 letters, NULL for none) with `chunk_size` bytes of `chunk_data` after IHDR.
static inline int wb_png_encode(
    const unsigned char *rgba, uint32_t width, uint32_t height, const char *chunk_name,
    const unsigned char *chunk_data, size_t chunk_size, int level, wb_png_result *result) {
    memset(result, 0, sizeof *result);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, result, wb_png_error, wb_png_warning);
    if (!png) {
        strcpy(result->message, "cannot create a png writer");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        if (!result->message[0]) strcpy(result->message, "cannot create a png writer");
        wb_png_result_free(result);
        return -1;
    }
    png_set_write_fn(png, result, wb_png_write_data, wb_png_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    if (chunk_name) {
        png_unknown_chunk chunk;
        memset(&chunk, 0, sizeof chunk);
        memcpy(chunk.name, chunk_name, 4);
        chunk.data = (png_bytep)chunk_data;
        chunk.size = chunk_size;
        chunk.location = PNG_HAVE_IHDR;
        png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, (png_const_bytep)chunk.name, 1);
        png_set_unknown_chunks(png, info, &chunk, 1);
    }
    result->rows = (png_bytep *)malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!result->rows) png_error(png, "out of memory");
    for (uint32_t row = 0; row < height; row++) result->rows[row] = (png_bytep)rgba + (size_t)row * width * 4;
    png_write_info(png, info);
    png_write_image(png, result->rows);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(result->rows);
    result->rows = NULL;
    return 0;
}

/// Decodes a PNG of any format into `width × height` straight-alpha RGBA pixels, with every
/// check libpng makes (signature, chunk CRCs, critical and ancillary, zlib stream and Adler-32,
/// IEND); keeps the data of the chunk `chunk_name` if present. Refuses images over
/// `max_pixel_bytes`.
static inline int wb_png_decode(
    const unsigned char *data, size_t size, const char *chunk_name, size_t max_pixel_bytes, wb_png_result *result) {
    memset(result, 0, sizeof *result);
    result->input = data;
    result->input_size = size;
    if (size < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        strcpy(result->message, "not a png: bad signature");
        return -1;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, result, wb_png_error, wb_png_warning);
    if (!png) {
        strcpy(result->message, "cannot create a png reader");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        if (!result->message[0]) strcpy(result->message, "cannot create a png reader");
        wb_png_result_free(result);
        return -1;
    }
    png_set_read_fn(png, result, wb_png_read_data);
    png_set_crc_action(png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
    png_set_user_limits(png, 1u << 20, 1u << 20);
    if (chunk_name) png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, (png_const_bytep)chunk_name, 1);
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    result->width = width;
    result->height = height;
    if ((size_t)width * height > max_pixel_bytes / 4) png_error(png, "image too large");
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "unexpected row size");
    result->size = (size_t)width * height * 4;
    result->bytes = (unsigned char *)malloc(result->size ? result->size : 1);
    result->rows = (png_bytep *)malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!result->bytes || !result->rows) png_error(png, "out of memory");
    for (png_uint_32 row = 0; row < height; row++) result->rows[row] = result->bytes + (size_t)row * width * 4;
    png_read_image(png, result->rows);
    png_read_end(png, info);
    if (chunk_name) {
        png_unknown_chunkp chunks = NULL;
        int count = png_get_unknown_chunks(png, info, &chunks);
        for (int index = 0; index < count; index++) {
            if (memcmp(chunks[index].name, chunk_name, 4) != 0) continue;
            result->chunk = (unsigned char *)malloc(chunks[index].size ? chunks[index].size : 1);
            if (!result->chunk) png_error(png, "out of memory");
            memcpy(result->chunk, chunks[index].data, chunks[index].size);
            result->chunk_size = chunks[index].size;
            result->has_chunk = 1;
            break;
        }
    }
    png_destroy_read_struct(&png, &info, NULL);
    free(result->rows);
    result->rows = NULL;
    return 0;
}

#endif
